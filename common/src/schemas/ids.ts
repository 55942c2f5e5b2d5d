/**
 * The largest row id (PostgreSQL `integer`): every id a request carries is refused above it with a
 * 400, as it can name no row and would otherwise overflow the query parameter (a 500).
 */
export const MAX_ID = 2_147_483_647;
