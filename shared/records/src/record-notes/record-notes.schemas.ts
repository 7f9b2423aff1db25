import { z } from 'zod';
import { nonBlankText } from '@crm/platform';
import { paginationQuery } from '@crm/platform';

export const MAX_NOTE_LENGTH = 10_000;

/** `POST .../notes/`: the text only; its author and time are the server's (other keys: 400). */
export const createNoteBody = z.strictObject({
  body: nonBlankText(MAX_NOTE_LENGTH, { notText: 'A note is text.' }),
});

/** Lists take `page` and `page_size`, nothing else. */
export const listRecordItemsQuery = z.strictObject({ ...paginationQuery });
