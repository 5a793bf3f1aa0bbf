import { sql, type Kysely } from 'kysely';

/**
 * Help images of our own (public/help/, docs/product.md 2 "help screen") for four questions of
 * the catalogue, written into a database seeded before they existed. The values are literal, not
 * read from the seed's catalogue, so that a later change there does not change what this
 * migration does. A question whose help has an image already (a deployment's own) is left as it is.
 */
const HELP_IMAGES: Record<string, Record<string, string>> = {
  'ENT-01': {
    imageUrl: '/help/door-width.svg',
    mobileImageUrl: '/help/door-width-mobile.svg',
    caption: 'Mål med døren helt åben, fra dørbladet til karmens anslag: mindst 77 cm.',
  },
  'ENT-02': { imageUrl: '/help/threshold.svg' },
  'ENT-03': { imageUrl: '/help/turning-circle.svg', mobileImageUrl: '/help/turning-circle-mobile.svg' },
  'BAD-02': { imageUrl: '/help/turning-circle.svg', mobileImageUrl: '/help/turning-circle-mobile.svg' },
};

// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [uniqueId, images] of Object.entries(HELP_IMAGES)) {
    await sql`update questions
      set definition = jsonb_set(definition, '{help}', coalesce(definition->'help', '{}'::jsonb) || ${JSON.stringify(images)}::jsonb)
      where unique_id = ${uniqueId} and not coalesce(definition->'help' ? 'imageUrl', false)`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const [uniqueId, images] of Object.entries(HELP_IMAGES)) {
    await sql`update questions
      set definition = jsonb_set(definition, '{help}', (definition->'help') - ${sql.raw(`'{${Object.keys(images).join(',')}}'`)}::text[])
      where unique_id = ${uniqueId} and definition->'help'->>'imageUrl' = ${images.imageUrl}`.execute(db);
  }
}
