/**
 * Cursor pages of the lists (SPEC §7): a query reads one row more than the page (`limit + 1`,
 * newest first, after the cursor's id), and `toPage` keeps `limit` of them. The page size a
 * request may name, and the one it gets when it names none, are `@kpc/shared`'s
 * `MAX_PAGE_SIZE` and `DEFAULT_PAGE_SIZE`.
 */

/** Keeps one more row than asked for: its presence says whether there is a next page. */
export function toPage<T extends { id: bigint }, R>(rows: T[], limit: number, map: (row: T) => R) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { list: page.map(map), nextCursor: rows.length > limit && last ? last.id.toString() : null };
}
