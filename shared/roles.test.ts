import { hasNoCabinet, isStaff, mainRole } from './roles.ts';

describe('roles (docs/product.md §11)', () => {
  it('ranks admin > moderator > manager > seo > proxy > user', () => {
    expect(mainRole(['ROLE_PROXY', 'ROLE_ADMIN'])).toBe('admin');
    expect(mainRole(['ROLE_SEO', 'ROLE_MODERATOR'])).toBe('moderator');
    expect(mainRole(['ROLE_PROXY', 'ROLE_MANAGER', 'ROLE_SEO'])).toBe('manager');
    expect(mainRole(['ROLE_PROXY', 'ROLE_SEO'])).toBe('seo');
    expect(mainRole(['ROLE_PROXY'])).toBe('proxy');
    expect(mainRole([])).toBe('user');
    expect(mainRole(['ROLE_UNKNOWN'])).toBe('user');
  });

  it('gives the staff toggle to admins, moderators and managers only', () => {
    expect(isStaff(['ROLE_ADMIN'])).toBe(true);
    expect(isStaff(['ROLE_MODERATOR'])).toBe(true);
    expect(isStaff(['ROLE_MANAGER'])).toBe(true);
    expect(isStaff(['ROLE_SEO'])).toBe(false);
    expect(isStaff(['ROLE_PROXY'])).toBe(false);
    expect(isStaff([])).toBe(false);
  });

  it('keeps seo and proxy out of the cabinet, unless a higher role outranks them', () => {
    expect(hasNoCabinet(['ROLE_SEO'])).toBe(true);
    expect(hasNoCabinet(['ROLE_PROXY'])).toBe(true);
    expect(hasNoCabinet(['ROLE_SEO', 'ROLE_MANAGER'])).toBe(false);
    expect(hasNoCabinet([])).toBe(false);
  });
});
