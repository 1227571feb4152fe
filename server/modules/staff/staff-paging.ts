/** A staff list's page and its size (50 rows unless asked, at most 200). */
export const paging = (query: { page?: string; limit?: string }) => ({
  page: Number(query.page ?? 1),
  limit: Math.min(Number(query.limit ?? 50), 200),
});
