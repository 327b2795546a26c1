// Seed data for the performance measurements, as plain SQL (recursive CTEs, so 10,000 rows are one
// statement): used by `npm run bench` (written to a file for `wrangler d1 execute --file`) and by the
// worker tests that count statements and read query plans. Ids of seeded users, channels and
// resources start at SEED_ID_BASE so they never meet the rows the app creates itself.
export const SEED_ID_BASE = 100_000;
export const SEED_USERS = 50;
export const SEED_CHANNEL_ID = SEED_ID_BASE + 1;

const series = (n) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${Number(n)})`;
const T0 = 1_750_000_000_000;

/** Users, memberships, payments, a public channel and notices: the fixed part, run once. */
export function seedBase({ messages = 1000, notices = 30, resources = 500 } = {}) {
  const B = SEED_ID_BASE;
  return [
    `INSERT INTO users (id, email, name, role, created_at) ${series(SEED_USERS)} SELECT ${B} + i,
      'seed-' || i || '@example.com', 'Seed Soul ' || i, 'member', ${T0} FROM n`,
    `INSERT INTO profiles (user_id) SELECT id FROM users WHERE id > ${B}`,
    `INSERT INTO memberships (user_id, plan, kind, next_payment_due) SELECT id, 'monthly', 'paid', 4102444800000
      FROM users WHERE id > ${B}`,
    `INSERT INTO payments (user_id, user_email, amount_clp, status, buy_order, session_id,
      created_at) ${series(SEED_USERS * 4)} SELECT ${B} + 1 + (i % ${SEED_USERS}), 'seed@example.com', 9990,
      'completed', 'bench-order-' || i, 'bench-session-' || i, ${T0} + i FROM n`,
    `INSERT INTO channels (id, name, description, is_private, created_by, created_at) VALUES (${SEED_CHANNEL_ID},
      'Seed lounge', 'Seeded for the benchmark', 0, ${B + 1}, ${T0})`,
    `INSERT INTO channels (name, is_private, created_by, created_at) ${series(40)} SELECT 'Seed private ' || i, 1,
      ${B} + 1 + (i % ${SEED_USERS}), ${T0} FROM n`,
    `INSERT INTO channel_members (channel_id, user_id) SELECT c.id, ${B} + 2 FROM channels c WHERE c.is_private = 1`,
    `INSERT INTO messages (channel_id, sender_id, body, created_at) ${series(messages)} SELECT ${SEED_CHANNEL_ID},
      ${B} + 1 + (i % ${SEED_USERS}), 'Seed message ' || i || ': hello from the benchmark', ${T0} + i * 1000 FROM n`,
    `INSERT INTO notices (title, content, is_pinned, author_id,
      created_at) ${series(notices)} SELECT 'Seed notice ' || i, '<p>Seeded notice ' || i || '</p>', i % 10 = 0,
      ${B} + 1, ${T0} + i * 1000 FROM n`,
    `INSERT INTO resources (title, description, external_url, file_name, file_type, file_size, kind, tags, owner_id,
      owner_name, created_at) ${series(resources)} SELECT 'Seed resource ' || i, 'A seeded resource for the benchmark',
      'https://example.com/seed/' || i || '.pdf', 'seed-' || i || '.pdf', 'application/pdf', 1000 + i, 'upload',
      '["seed","bench"]', ${B} + 1 + (i % ${SEED_USERS}), 'Seed Soul', ${T0} + i * 1000 FROM n`,
  ];
}

/** `count` more posts, each with two likes and one comment (counters set to match). */
export function seedPosts(count) {
  const B = SEED_ID_BASE;
  return [
    `INSERT INTO posts (author_id, content, likes_count, comments_count,
      created_at) ${series(count)} SELECT ${B} + 1 + (i % ${SEED_USERS}),
      'Seed post ' || i || ': a few words about the stars, the breath and the morning light.', 0, 0, ${T0} + i * 1000
      FROM n`,
    `INSERT OR IGNORE INTO post_likes (post_id, user_id, created_at) SELECT id, ${B} + 1 + (id % ${SEED_USERS}), ${T0}
      FROM posts WHERE likes_count = 0`,
    `INSERT OR IGNORE INTO post_likes (post_id, user_id, created_at) SELECT id, ${B} + 1 + ((id + 7) % ${SEED_USERS}),
      ${T0} FROM posts WHERE likes_count = 0`,
    `INSERT INTO comments (post_id, author_id, content, created_at) SELECT id, ${B} + 1 + ((id + 3) % ${SEED_USERS}),
      'Seed comment on post ' || id, ${T0} FROM posts WHERE comments_count = 0`,
    `UPDATE posts SET likes_count = (SELECT count(*) FROM post_likes WHERE post_id = posts.id),
      comments_count = (SELECT count(*) FROM comments WHERE post_id = posts.id) WHERE likes_count = 0`,
  ];
}

/**
 * `count` completed membership payments of the seeded users (the revenue dashboard), one every 5 minutes back
 * from T0 (100,000 cover 347 days): every tenth yearly (150,000 CLP, 365 days), the rest monthly (15,000 CLP, 30 days),
 * every twentieth with a coupon, every fiftieth refunded.
 */
export function seedPayments(count) {
  const B = SEED_ID_BASE;
  return [
    `INSERT INTO payments (user_id, user_email, plan, amount_clp, status, buy_order, session_id, created_at, settled_at,
      period_days, period_ends_at, coupon_code, discount_clp, refunded_at, refunded_amount_clp)
      ${series(count)} SELECT ${B} + 1 + (i % ${SEED_USERS}), 'seed@example.com',
      CASE WHEN i % 10 = 0 THEN 'yearly' ELSE 'monthly' END, CASE WHEN i % 10 = 0 THEN 150000 ELSE 15000 END,
      CASE WHEN i % 50 = 0 THEN 'refunded' ELSE 'completed' END, 'seed-pay-' || i, 'seed-pay-session-' || i,
      ${T0} - i * 300000, ${T0} - i * 300000, CASE WHEN i % 10 = 0 THEN 365 ELSE 30 END,
      ${T0} - i * 300000 + (CASE WHEN i % 10 = 0 THEN 365 ELSE 30 END) * 86400000,
      CASE WHEN i % 20 = 0 THEN 'SEED20' END, 0, CASE WHEN i % 50 = 0 THEN ${T0} - i * 300000 + 3600000 END,
      CASE WHEN i % 50 = 0 THEN 15000 END FROM n`,
  ];
}

/** The revenue dashboard's year around the seeded payments (seedPayments). */
export const SEEDED_REVENUE_PATH = "/api/admin/revenue?from=2024-07-01&to=2025-07-01";

/** The first seeded program and its first lesson (open: its program opens every lesson at once). */
export const SEED_PROGRAM_ID = SEED_ID_BASE + 1;
export const SEED_LESSON_ID = SEED_ID_BASE + 1;

/**
 * `count` more published programs (ids from SEED_PROGRAM_ID on), each with three lessons, the first seeded
 * member enrolled in every one with its first lesson done.
 */
export function seedPrograms(count, { from = 1 } = {}) {
  const B = SEED_ID_BASE;
  const first = B + from;
  return [
    `INSERT INTO programs (id, title, summary, unlock, time_zone, published_at, created_at) ${series(count)}
      SELECT ${first - 1} + i, 'Seed program ' || i, 'Twenty-one days of calm, seeded', 'all', 'America/Santiago',
      ${T0}, ${T0} FROM n`,
    `INSERT INTO program_lessons (id, program_id, position, title, body, body_html) ${series(count * 3)}
      SELECT ${B + (from - 1) * 3} + i, ${first} + (i - 1) / 3, (i - 1) % 3 + 1, 'Seed lesson ' || i,
      'Breathe in, breathe out.', '<p>Breathe in, breathe out.</p>' FROM n`,
    `INSERT INTO program_enrolments (program_id, user_id, started_at, time_zone, last_active_at)
      SELECT id, ${B + 1}, ${T0}, 'America/Santiago', ${T0} FROM programs WHERE id >= ${first}`,
    `INSERT INTO lesson_progress (lesson_id, user_id, program_id, position_seconds, done_at, updated_at)
      SELECT id, ${B + 1}, program_id, 0, ${T0}, ${T0} FROM program_lessons WHERE position = 1
      AND program_id >= ${first}`,
  ];
}
