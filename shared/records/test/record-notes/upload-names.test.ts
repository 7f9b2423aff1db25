import { storedContentType, storedFilename } from '../../src/record-notes/attachment-upload';
import { attachmentDisposition } from '../../src/record-notes';

describe('the stored filename', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['C:\\Users\\me\\report.pdf', 'report.pdf'],
    ['/etc/passwd', 'passwd'],
    ['  spaced.txt  ', 'spaced.txt'],
    ['line\r\nbreak\t.txt', 'linebreak.txt'],
    ['nul\u0000and\u007fdel\u0085c1.csv', 'nulanddelc1.csv'],
    ['lone\ud800surrogate.csv', 'lonesurrogate.csv'],
    ['emoji 😀.csv', 'emoji 😀.csv'],
    ['', 'file'],
    ['..', 'file'],
    ['dir/', 'file'],
    [undefined, 'file'],
  ])('when the upload names it %j, then it is stored as %j', (original, stored) => {
    expect(storedFilename(original)).toBe(stored);
  });

  it('when the name is longer than 255 characters, then it is cut at 255 without splitting a character', () => {
    expect(storedFilename('a'.repeat(256))).toBe('a'.repeat(255));
    const emoji = '😀'.repeat(300); // two UTF-16 units each
    const stored = storedFilename(emoji);
    expect(Array.from(stored)).toHaveLength(255);
    expect(stored).toBe('😀'.repeat(255));
  });
});

describe('the stored content type', () => {
  it.each([
    ['image/png', 'image/png'],
    ['Application/PDF', 'application/pdf'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['', 'application/octet-stream'],
    [undefined, 'application/octet-stream'],
    ['not a type', 'application/octet-stream'],
    ['text/html\r\nSet-Cookie: a=b', 'application/octet-stream'],
  ])('when the part declares %j, then %j is stored', (declared, stored) => {
    expect(storedContentType(declared)).toBe(stored);
  });
});

describe('Content-Disposition of a download (RFC 6266)', () => {
  it.each([
    ['report.pdf', `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`],
    ['Ünïcødé €.txt', `attachment; filename="_n_c_d_ _.txt"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B8d%C3%A9%20%E2%82%AC.txt`],
    ['say "hi" \\ 100%.txt', `attachment; filename="say _hi_ _ 100_.txt"; filename*=UTF-8''say%20%22hi%22%20%5C%20100%25.txt`],
    ["it's (1)*.txt", `attachment; filename="it's (1)*.txt"; filename*=UTF-8''it%27s%20%281%29%2A.txt`],
  ])('when the file is named %j, then the header is %j', (filename, header) => {
    expect(attachmentDisposition(filename)).toBe(header);
  });
});
