import { describe, expect, it } from 'vitest';
import { cancelDeclarationLine } from '@/lib/server/subscriptions/cancelDeclarationsPass';
import { publicWithdrawalLine, type PublicWithdrawalOutcome } from '@/lib/server/withdrawal/publicWithdrawalsPass';
import { KickedPass } from './KickedPass';

describe('KickedPass', () => {
  it('runs no pass for a kick before it is started (tests apply declarations themselves)', async () => {
    let passes = 0;
    const worker = new KickedPass('cancel-page', async () => {
      passes += 1;
      return [];
    });
    await worker.kick();
    expect(passes).toBe(0);
  });

  it('runs the pass a kick asks for only after the kicking code has gone on (the request answers first)', async () => {
    const order: string[] = [];
    const lines: string[] = [];
    const worker = new KickedPass(
      'cancel-page',
      async () => {
        order.push('pass');
        return [cancelDeclarationLine({ kind: 'applied', declarationId: 'cxl_1', cancelled: 1 })];
      },
      (line) => void lines.push(line),
    );
    worker.start(60_000);
    await worker.kick();
    order.length = 0;
    const kicked = worker.kick();
    order.push('answered');
    await kicked;
    expect(order).toEqual(['answered', 'pass']);
    expect(lines).toContain('[cancel-page] cxl_1 applied: 1 subscription(s) cancelled');
    await worker.stop();
  });

  it('logs a pass that fails and resolves the kick all the same', async () => {
    const lines: string[] = [];
    const worker = new KickedPass(
      'cancel-page',
      async () => {
        throw new Error('database away');
      },
      (line) => void lines.push(line),
    );
    worker.start(60_000);
    await expect(worker.kick()).resolves.toBeUndefined();
    expect(lines).toContain('[cancel-page] a pass failed; the next tries again:');
    await worker.stop();
  });

  it('logs each line of the withdrawal page’s pass under its own name, ids only', async () => {
    const lines: string[] = [];
    const outcomes: PublicWithdrawalOutcome[] = [
      { kind: 'acknowledged', withdrawalId: 'wdr_1' },
      { kind: 'left', withdrawalId: 'wdr_2', reason: 'could not be examined' },
    ];
    const worker = new KickedPass(
      'withdrawal-page',
      async () => outcomes.map(publicWithdrawalLine),
      (line) => void lines.push(line),
    );
    worker.start(60_000);
    await worker.kick();
    expect(lines).toEqual(['[withdrawal-page] wdr_1 acknowledged', '[withdrawal-page] wdr_2 left: could not be examined']);
    await worker.stop();
  });
});
