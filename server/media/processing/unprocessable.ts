/**
 * Input that no retry will fix: a file whose bytes are not what it claims, or
 * that ffmpeg or the image decoder cannot read. The job settles it as
 * `failed` with `reason`, written for the creator, and does not retry.
 */
export class UnprocessableMediaError extends Error {
  override name = 'UnprocessableMediaError';
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.reason = reason;
  }
}
