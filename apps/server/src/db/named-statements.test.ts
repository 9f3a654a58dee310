import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { clientOf, literalCount, runNamed } from './named-statements.ts';

const { db } = await createTestApp();

describe('named statements', () => {
  it("run inside the caller's transaction: they see its writes, and go with its rollback", async () => {
    const seen = await db
      .transaction(async (tx) => {
        expect(clientOf(tx)).not.toBe(db.$client);
        await runNamed(tx, 'test_tmp_create', () => 'CREATE TEMP TABLE named_t (v int) ON COMMIT DROP', []);
        await runNamed(tx, 'test_tmp_insert', () => 'INSERT INTO named_t VALUES ($1)', [7]);
        const rows = await runNamed<{ v: number }>(tx, 'test_tmp_read', () => 'SELECT v FROM named_t', []);
        throw Object.assign(new Error('roll back'), { rows });
      })
      .catch((error: { rows?: { v: number }[] }) => error.rows);
    expect(seen).toEqual([{ v: 7 }]);
    // The pool is another connection: the temporary table was never there.
    await expect(runNamed(db, 'test_tmp_read_pool', () => 'SELECT v FROM named_t', [])).rejects.toThrow();
  });

  it('take only small whole counts into their text', () => {
    expect(literalCount(15)).toBe(15);
    for (const bad of [0, -1, 1.5, 1001, Number.NaN]) expect(() => literalCount(bad)).toThrow();
  });
});
