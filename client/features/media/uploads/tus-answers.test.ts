import { describe, expect, it } from 'vitest';
import { UPLOAD_FAILURE_COPY } from '../../../content/media.ts';
import { failureMessageOf } from './tus-answers.ts';

describe('failureMessageOf', () => {
  it('tells a refused size, a refused type, an ended session and a lost connection apart', () => {
    expect(failureMessageOf(413, '')).toBe(UPLOAD_FAILURE_COPY.tooLarge);
    expect(failureMessageOf(400, '{"error":{"code":"payload-too-large"}}')).toBe(UPLOAD_FAILURE_COPY.tooLarge);
    expect(failureMessageOf(415, 'Unsupported')).toBe(UPLOAD_FAILURE_COPY.refusedType);
    expect(failureMessageOf(409, '{"error":{"code":"site-required"}}')).toBe(UPLOAD_FAILURE_COPY.siteRequired);
    expect(failureMessageOf(401, '')).toBe(UPLOAD_FAILURE_COPY.signedOut);
    expect(failureMessageOf(0, '')).toBe(UPLOAD_FAILURE_COPY.network);
    expect(failureMessageOf(500, 'oops')).toBe(UPLOAD_FAILURE_COPY.other);
  });

  it("tells a full site storage from a file that is too large, though both are 413", () => {
    expect(failureMessageOf(413, '{"error":{"code":"storage-quota-exceeded","message":"…"}}')).toBe(UPLOAD_FAILURE_COPY.storageFull);
    expect(UPLOAD_FAILURE_COPY.storageFull).not.toBe(UPLOAD_FAILURE_COPY.tooLarge);
  });
});
