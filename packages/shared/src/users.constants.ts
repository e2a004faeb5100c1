/** How long a sign-in lasts; the web's API client (first paint) sets its cookie with it. Zod-free, see docs/decisions/0032. */
export const TOKEN_TTL_DAYS = 7;
