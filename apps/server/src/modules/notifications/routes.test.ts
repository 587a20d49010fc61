import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { viewerOf } from './routes';

const request = (userId: number | null) =>
  ({
    actor: { userId, username: 'x', permissions: new Set(), requestId: 'r', companyIds: [3] },
  }) as unknown as FastifyRequest;

describe('notification viewer', () => {
  it('answers 403 with a German message for an actor without a user, not a 500', () => {
    let caught: unknown;
    try {
      viewerOf(request(null));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(403);
    expect((caught as AppError).message).toMatch(/angemeldete/);
  });

  it('returns the user and the allowed companies of a signed-in user', () => {
    expect(viewerOf(request(7))).toMatchObject({ userId: 7, companyIds: [3] });
  });
});
