import { serializeForScript } from '#shared/serialize.ts';

/**
 * Structured data for search engines (schema.org as JSON-LD). A data block, never run as
 * script; serialised so that no text in it can close the tag.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for a script tag
      dangerouslySetInnerHTML={{
        __html: serializeForScript({ '@context': 'https://schema.org', ...data }),
      }}
    />
  );
}

/** BreadcrumbList from (name, absolute URL) pairs, first to last. */
export function breadcrumbs(items: { name: string; url: string }[]): Record<string, unknown> {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}
