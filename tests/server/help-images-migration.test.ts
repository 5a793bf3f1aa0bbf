import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { QuestionDef } from '../../shared/rules/catalogue';
import { createDatabase } from '../../server/src/db/client';
import { createMigrator } from '../../server/src/db/migrate';
import { seedCatalogue } from '../../server/src/db/seed/catalogue-rows';

/** Migration 0016 gives a database seeded before our help images existed those images. */
describe('migration 0016 on a database seeded without help images (PGlite)', () => {
  it("adds the images, leaves a deployment's own image alone, and is undone by down", async () => {
    const db = createDatabase('memory://');
    const migrator = createMigrator(db);
    const help = async (uniqueId: string) =>
      (
        (
          await db
            .selectFrom('questions')
            .select('definition')
            .where('unique_id', '=', uniqueId)
            .executeTakeFirstOrThrow()
        ).definition as QuestionDef
      ).help;
    try {
      expect((await migrator.migrateTo('0015-fair-and-cancellable-jobs')).error).toBeUndefined();
      await db.transaction().execute((trx) => seedCatalogue(trx));
      // As the seed wrote it before: no images, and ENT-01 without a caption.
      await sql`update questions set definition = jsonb_set(definition, '{help}',
        (definition->'help') - '{imageUrl,mobileImageUrl,caption}'::text[])
        where unique_id in ('ENT-01', 'ENT-02', 'ENT-03')`.execute(db);
      // A deployment that gave BAD-02 its own picture.
      await sql`update questions set definition = jsonb_set(definition, '{help,imageUrl}', '"/own/bad.png"')
        where unique_id = 'BAD-02'`.execute(db);
      const before = await help('ENT-01');
      expect(before?.imageUrl).toBeUndefined();

      expect((await migrator.migrateTo('0016-help-images')).error).toBeUndefined();
      expect(await help('ENT-01')).toEqual({
        ...before,
        imageUrl: '/help/door-width.svg',
        mobileImageUrl: '/help/door-width-mobile.svg',
        caption: 'Mål med døren helt åben, fra dørbladet til karmens anslag: mindst 77 cm.',
      });
      expect((await help('ENT-02'))?.imageUrl).toBe('/help/threshold.svg');
      expect((await help('ENT-03'))?.mobileImageUrl).toBe('/help/turning-circle-mobile.svg');
      expect((await help('BAD-02'))?.imageUrl).toBe('/own/bad.png');

      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect(await help('ENT-01')).toEqual(before);
      expect((await help('BAD-02'))?.imageUrl).toBe('/own/bad.png');
    } finally {
      await db.destroy();
    }
    // Migrating a new PGlite database takes seconds, more on a busy machine.
  }, 120_000);
});
