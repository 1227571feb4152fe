// server/modules/staff names the audit writer by this path; orders.service.ts is where
// another module takes it from, and this file goes once staff imports it from there
export type { StaffNote } from './staff/staff-orders.ts';
