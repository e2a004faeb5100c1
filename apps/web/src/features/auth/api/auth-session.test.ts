import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { sessionCheckVerdict } from './auth-session';

describe('a failed session check drops the stored token only when the server refused it', () => {
  it.each([
    ['401 from the server', new ApiError(401, 'UNAUTHORIZED', 'Unauthorized'), 'drop'],
    ['500 from the server', new ApiError(500, 'INTERNAL_ERROR', 'Server error'), 'keep'],
    ['502 from a proxy', new ApiError(502, 'HTTP_502', 'Bad gateway'), 'keep'],
    ['503 while the server drains', new ApiError(503, 'HTTP_503', 'Unavailable'), 'keep'],
    ['403 (not a verdict on the token)', new ApiError(403, 'FORBIDDEN', 'Forbidden'), 'keep'],
    ['a network error', new ApiError(0, 'NETWORK_ERROR', 'Network'), 'keep'],
    ['fetch failing outright', new TypeError('Failed to fetch'), 'keep'],
    ['a request aborted by navigating away', new DOMException('The user aborted a request.', 'AbortError'), 'keep'],
    ['a timeout', new DOMException('The operation timed out.', 'TimeoutError'), 'keep'],
  ] as const)('%s → %s', (_name, error, expected) => {
    expect(sessionCheckVerdict(error)).toBe(expected);
  });
});
