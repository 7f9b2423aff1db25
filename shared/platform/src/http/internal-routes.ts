/** Routes only services call on each other; the gateway forwards nothing below it. */
export const INTERNAL_PATH_PREFIX = '/internal/';

/**
 * The largest JSON body of an internal route: a 5 MB CSV file as JSON rows of cells (quoting and
 * escaping can grow it several times over). The row limit caps the work.
 */
export const INTERNAL_JSON_LIMIT = '48mb';
