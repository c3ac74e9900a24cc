/**
 * What the messages' use cases are handed: the composition root's
 * dependencies (server/services.ts) and the statements the factory prepares
 * once from them (messages-service.ts).
 */
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { MessagingConfig } from '../config/index.ts';
import { AppError } from '../errors.ts';
import type { RateLimiter } from '../rate-limits/index.ts';
import type { LazySigner } from '../rendering/index.ts';
import type { MemberContextQuery } from './member-context.ts';
import type { SendStatements } from './send-statements.ts';

export interface MessagesServiceDeps {
  db: Database;
  clock: Clock;
  rateLimiter: Pick<RateLimiter, 'overLimit' | 'countStatement' | 'countParameters' | 'waitAfter'>;
  limits: Pick<MessagingConfig, 'messagesPerMinute'>;
  signer: LazySigner;
}

/** The dependencies with the prepared statements: storing a message, and the member's context on the hot path of sending. */
export interface MessagesContext extends MessagesServiceDeps {
  send: SendStatements;
  memberContextQuery: MemberContextQuery;
}

export const notFound = () => new AppError('not-found', 404);
