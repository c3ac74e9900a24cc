/**
 * Why the guard did not bring a file back, as a reason the caller can act on
 * and a sentence the creator reads in an import's problems ("The server
 * answered 404."). The words never name the address the name resolved to:
 * that would tell about the network the server sits in.
 */

export type RefusalReason = 'invalid-url' | 'private-address' | 'timeout' | 'too-large' | 'http-status' | 'not-an-image' | 'network' | 'too-many-redirects';

export class AddressRefused extends Error {
  override name = 'AddressRefused';
  readonly reason: RefusalReason;
  constructor(reason: RefusalReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Sizes as a creator reads them: whole megabytes from one on, else kilobytes. */
function sizeInWords(bytes: number): string {
  const megabytes = bytes / 1024 ** 2;
  if (megabytes >= 1) return `${Number(megabytes.toFixed(megabytes < 10 ? 1 : 0))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function secondsInWords(milliseconds: number): string {
  const seconds = Math.max(1, Math.round(milliseconds / 1000));
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** The refusals with their words; each made where the guard finds the fault. */
export const refuse = {
  invalidUrl: (why = 'It is not a web address (http or https).') => new AddressRefused('invalid-url', why),
  privateAddress: () => new AddressRefused('private-address', 'The address points to a private network.'),
  timeout: (timeoutMs: number) => new AddressRefused('timeout', `It took longer than ${secondsInWords(timeoutMs)}.`),
  tooLarge: (maxBytes: number) => new AddressRefused('too-large', `It is larger than ${sizeInWords(maxBytes)}.`),
  httpStatus: (status: number) => new AddressRefused('http-status', `The server answered ${status}.`),
  notAnImage: () => new AddressRefused('not-an-image', 'It is not an image.'),
  network: () => new AddressRefused('network', 'The server could not be reached.'),
  tooManyRedirects: (limit: number) => new AddressRefused('too-many-redirects', `It redirects more than ${limit} times.`),
};
