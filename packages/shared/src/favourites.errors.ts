/**
 * The `code`s the favourites feature answers with.
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const FAVOURITES_ERRORS = ['FAVOURITES_FULL'] as const;
export type FavouritesErrorCode = (typeof FAVOURITES_ERRORS)[number];
