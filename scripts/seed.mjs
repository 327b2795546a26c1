// `npm run db:seed`: fills the LOCAL database and bucket with a small, believable bilingual (Spanish and
// English) community, so a fresh `npm run dev` / `npx wrangler dev` has something to look at: members and
// an admin, posts with likes and comments, a pinned notice, public and private channels with a
// conversation (one message links a page, for the link preview), a paid member, and resources of every
// kind with small real files in R2, and the bilingual sample program "21 días de calma · 21 days of calm" with three
// short audio lessons (one done by the paid member, one open, one opening tomorrow) and a practice entry.
//
// Idempotent: users are keyed by email and every other row has a fixed id at SEED_ID and above, inserted
// with INSERT OR IGNORE; files go to fixed keys under seed/. Running it twice changes nothing.
// Local only: it refuses --remote and a non-local CLOUDFLARE_ENV. COSMIC_STATE_DIR picks another local
// state directory (the e2e suite and the benches use throwaway ones).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { MEMBERSHIP } from "../worker/shared/rules.ts";
import { openLocalState, root, stateDir } from "./local-state.mjs";
import { mandalaPng, textPdf, toneWav, zipOf } from "./seed-files.mjs";

const remoteAsked = process.argv.slice(2).some((a) => a === "--remote" || a.startsWith("--env"));
const envName = process.env.CLOUDFLARE_ENV;
if (remoteAsked || (envName && envName !== "local")) {
  console.error("db:seed fills only the local database (.wrangler/state); it never writes to a remote D1 or R2.");
  process.exit(1);
}

/** Content rows get fixed ids from here, far above what a local lounge creates by hand. */
const SEED_ID = 1_000_000;
const HOUR = 3600_000;
const now = Date.now();
const ago = (hours) => now - hours * HOUR;

const USERS = [
  {
    email: "admin@example.com",
    name: "Catalina Rojas",
    role: "admin",
    tz: "America/Santiago",
    bio: "Guía de meditación y anfitriona del Lounge. Meditation guide and host of the Lounge.",
  },
  {
    email: "luna@example.com",
    name: "Luna Fernández",
    role: "member",
    tz: "America/Santiago",
    bio: "Astróloga aficionada, amante del té y de las lunas llenas.",
  },
  {
    email: "mateo@example.com",
    name: "Mateo Silva",
    role: "member",
    tz: "America/Santiago",
    bio: "Profesor de yoga en Valparaíso.",
  },
  {
    email: "sofia@example.com",
    name: "Sofía Herrera",
    role: "member",
    tz: "Europe/Madrid",
    bio: "Journaling every morning, breathwork every night.",
  },
  {
    email: "james@example.com",
    name: "James Whitaker",
    role: "member",
    tz: "Europe/London",
    bio: "Sound healer. Singing bowls, gongs and long walks.",
  },
  {
    email: "amara@example.com",
    name: "Amara Okafor",
    role: "member",
    tz: "America/New_York",
    bio: "New here! Learning to meditate one breath at a time.",
  },
];
const [ADMIN, LUNA, MATEO, SOFIA, JAMES, AMARA] = USERS.map((u) => u.email);
const uid = (email) => `(SELECT id FROM users WHERE email = '${email}')`;
const q = (s) => (s === null ? "NULL" : `'${String(s).replaceAll("'", "''")}'`);

const POSTS = [
  [
    LUNA,
    30,
    "¡Luna llena este viernes! 🌕 ¿Quién se suma al círculo de intenciones? Traigan una vela y algo que quieran soltar.",
  ],
  [JAMES, 26, "Recorded a short singing bowl session this morning: it's in the library now. Headphones recommended."],
  [MATEO, 20, "Clase de yoga restaurativo el domingo a las 10:00 en el parque. Gratis para miembros del Lounge 🙏"],
  [SOFIA, 14, "Day 30 of morning pages. The first week was hard; now it's the quietest part of my day."],
  [AMARA, 8, "First time meditating for 20 minutes without checking the clock. Thank you all for the encouragement!"],
  [ADMIN, 3, "Bienvenidas y bienvenidos al Cosmic Lounge. Preséntense en el canal Bienvenida / Welcome ✨"],
];
const COMMENTS = [
  [0, SOFIA, "¡Yo voy! Llevo mi cuarzo rosa."],
  [0, MATEO, "Cuenten conmigo, llevo incienso de palo santo."],
  [1, AMARA, "This was so calming, thank you James."],
  [2, LUNA, "¡Ahí estaré! ¿Hay que llevar mat?"],
  [2, MATEO, "Sí, y una mantita por si hace frío."],
  [3, JAMES, "Beautiful. Consistency is the whole practice."],
  [4, ADMIN, "¡Qué alegría, Amara! That's a real milestone."],
  [4, LUNA, "So proud of you 💜"],
];
const LIKES = [
  [0, [SOFIA, MATEO, AMARA, ADMIN]],
  [1, [AMARA, LUNA, SOFIA]],
  [2, [LUNA, ADMIN]],
  [3, [JAMES, AMARA, LUNA, MATEO]],
  [4, [ADMIN, LUNA, SOFIA, JAMES, MATEO]],
  [5, [LUNA, AMARA]],
];
const NOTICES = [
  {
    title: "Círculo de luna llena · Full moon circle",
    pinned: true,
    hours: 40,
    html:
      "<p><strong>Viernes 20:00 (hora de Chile).</strong> Meditación guiada, intenciones y té.</p><p>Friday 8 pm " +
      "Chile time: guided meditation, intentions and tea. Open to every member.</p>",
  },
  {
    title: "New in the library: sound healing",
    pinned: false,
    hours: 24,
    html: "<p>James shared a singing bowl recording and a breathing guide. Find them under <em>Resources</em>.</p>",
  },
];
const CHANNELS = [
  { name: "Bienvenida / Welcome", description: "Preséntate y saluda · Introduce yourself", private: false, by: ADMIN },
  { name: "Meditación diaria", description: "Práctica diaria, dudas y recomendaciones", private: false, by: MATEO },
  {
    name: "Full moon circle",
    description: "Private circle for the monthly ceremony",
    private: true,
    by: LUNA,
    members: [LUNA, SOFIA, ADMIN],
  },
];
const MESSAGES = [
  [0, ADMIN, 50, "¡Hola a todos! Este es el lugar para presentarse. Hi everyone, introduce yourselves here!"],
  [0, AMARA, 49, "Hi! I'm Amara from New York, just starting my meditation journey."],
  [0, LUNA, 48, "¡Bienvenida Amara! Aquí hay mucha gente linda 💜"],
  [
    0,
    JAMES,
    47,
    "Welcome Amara. If you like sound baths, this explains the idea well: https://en.wikipedia.org/wiki/Singing_bowl",
  ],
  [1, MATEO, 30, "¿Alguien practica por la mañana antes del café? Yo hago 15 minutos de respiración cuadrada."],
  [1, SOFIA, 29, "Yo sí, justo después de escribir mis páginas matutinas."],
  [1, MATEO, 28, "Les dejo la guía de respiración en la biblioteca 🙏"],
  [2, LUNA, 20, "Para el viernes: cada una trae una intención escrita en papel."],
  [2, SOFIA, 19, "Perfecto. Yo llevo las velas."],
  [2, ADMIN, 18, "Reservé la terraza. Nos vemos a las 20:00 ✨"],
];

const pdf = textPdf([
  "Guia de respiracion cuadrada / Box breathing guide",
  "",
  "1. Inhala 4 tiempos  - Breathe in for 4",
  "2. Sosten 4 tiempos  - Hold for 4",
  "3. Exhala 4 tiempos  - Breathe out for 4",
  "4. Sosten 4 tiempos  - Hold for 4",
  "",
  "Repite 5 minutos. Repeat for five minutes.",
]);
const meditation =
  "# Meditación de luna llena\n\n1. Siéntate cómoda, con la espalda recta.\n2. Respira profundo tres veces.\n3. " +
  "Visualiza la luz de la luna llenando tu pecho.\n4. Suelta aquello que ya no necesitas.\n\n*Full moon " +
  "meditation: sit comfortably, breathe deeply three times, imagine moonlight filling your chest, and let go of " +
  "what you no longer need.*\n";
const affirmations =
  "Daily affirmations\n\n- I am calm, I am present.\n- Estoy en paz con mi proceso.\n- Every breath brings me home.\n";
const png = mandalaPng();
const RESOURCES = [
  {
    key: "seed/box-breathing.pdf",
    title: "Guía de respiración cuadrada",
    description: "Box breathing in four steps, in Spanish and English.",
    file: "box-breathing.pdf",
    type: "application/pdf",
    body: pdf,
    kind: "upload",
    tags: ["respiración", "breathwork"],
    owner: MATEO,
    hours: 28,
  },
  {
    key: "seed/singing-bowl.wav",
    title: "Singing bowl · 432 Hz",
    description: "A short singing bowl tone for the start of a sitting.",
    file: "singing-bowl.wav",
    type: "audio/wav",
    body: toneWav(),
    kind: "upload",
    tags: ["sound", "meditation"],
    owner: JAMES,
    hours: 26,
  },
  {
    key: "seed/mandala.png",
    title: "Mandala violeta",
    description: "A mandala for focused gazing (trataka).",
    file: "mandala.png",
    type: "image/png",
    body: png,
    kind: "upload",
    tags: ["mandala", "focus"],
    owner: LUNA,
    hours: 22,
  },
  {
    key: "seed/affirmations.txt",
    title: "Daily affirmations",
    description: "Short bilingual affirmations to read in the morning.",
    file: "affirmations.txt",
    type: "text/plain",
    body: Buffer.from(affirmations),
    kind: "upload",
    tags: ["affirmations"],
    owner: SOFIA,
    hours: 16,
  },
  {
    key: "seed/journaling-kit.zip",
    title: "Journaling starter kit",
    description: "Prompts for a month of morning pages.",
    file: "journaling-kit.zip",
    type: "application/zip",
    body: zipOf({
      "prompts-es.md": "# Preguntas\n\n- ¿Qué agradezco hoy?\n- ¿Qué quiero soltar?\n",
      "prompts-en.md": "# Prompts\n\n- What am I grateful for today?\n- What do I want to let go of?\n",
    }),
    kind: "upload",
    tags: ["journaling"],
    owner: SOFIA,
    hours: 12,
  },
  {
    key: "seed/full-moon-meditation.md",
    title: "Meditación de luna llena",
    description: "Generated with the AI assistant for the full moon circle.",
    file: "meditacion-luna-llena.md",
    type: "text/markdown",
    body: Buffer.from(meditation),
    kind: "ai_text",
    tags: ["luna", "meditation"],
    owner: ADMIN,
    hours: 10,
  },
  {
    key: "seed/cosmic-mandala.png",
    title: "Cosmic mandala",
    description: "An AI image for the notice board.",
    file: "cosmic-mandala.png",
    type: "image/png",
    body: mandalaPng(64),
    kind: "ai_image",
    tags: ["art"],
    owner: ADMIN,
    hours: 6,
  },
];

/** The sample program's local dates, in its zone: yesterday and tomorrow as the seed runs. */
const santiagoDate = (ms) => new Intl.DateTimeFormat("sv-SE", { timeZone: "America/Santiago" }).format(new Date(ms));
const audio = (n) => readFileSync(path.join(root, `scripts/seed-audio/lesson-${n}.ogg`));

/**
 * "21 días de calma / 21 days of calm": bilingual, on fixed dates in Santiago, three short audio lessons (8-second
 * tones, scripts/seed-audio/): the first done by the paying member, the second open, the third opening tomorrow.
 */
const PROGRAM = {
  title: "21 días de calma · 21 days of calm",
  summary: "Tres minutos al día para volver a la respiración. Three minutes a day to come back to the breath.",
  lessons: [
    {
      title: "Día 1: Llegar · Day 1: Arriving",
      body: "## Llegar\n\nSiéntate con la espalda recta y escucha el tono.\n\n## Arriving\n\nSit tall and listen to the tone.",
      opensOn: null,
    },
    {
      title: "Día 2: Respirar · Day 2: Breathing",
      body: "## Respirar\n\nCuenta cuatro al inhalar y seis al exhalar.\n\n## Breathing\n\nCount four in and six out.",
      opensOn: santiagoDate(now - 24 * HOUR),
    },
    {
      title: "Día 3: Soltar · Day 3: Letting go",
      body: "## Soltar\n\nDeja que cada exhalación suelte los hombros.\n\n## Letting go\n\nLet each breath out soften the shoulders.",
      opensOn: santiagoDate(now + 24 * HOUR),
    },
  ].map((l, i) => ({ ...l, key: `seed/lessons/day-${i + 1}.ogg`, body_file: audio(i + 1) })),
};

function statements() {
  const s = [];
  for (const u of USERS) {
    s.push(
      `INSERT INTO users (email, name, role, bio, timezone, created_at) VALUES (${q(u.email)}, ${q(u.name)},
        ${q(u.role)}, ${q(u.bio)}, ${q(u.tz)}, ${ago(24 * 30)}) ON CONFLICT(email) DO NOTHING`,
    );
    s.push(
      `INSERT OR IGNORE INTO profiles (user_id, goals, interests) VALUES (${uid(u.email)}, '["Meditar cada día"]',
        '["meditation","yoga"]')`,
    );
  }
  // The paid member: an active monthly membership and its completed Webpay payment.
  s.push(
    `INSERT OR IGNORE INTO memberships (user_id, plan, kind, next_payment_due) VALUES (${uid(LUNA)}, 'monthly', 'paid',
      ${now + 20 * 24 * HOUR})`,
  );
  s.push(
    `INSERT OR IGNORE INTO payments (id, user_id, user_email, plan, amount_clp, status, provider, buy_order,
      session_id, authorization_code, response_code, created_at, settled_at) VALUES (${SEED_ID}, ${uid(LUNA)},
      ${q(LUNA)}, 'monthly', ${MEMBERSHIP.priceClp}, 'completed', 'webpay_form', 'seed-order-1', 'seed-session-1',
      '1213', 0, ${ago(24 * 10)}, ${ago(24 * 10)})`,
  );
  POSTS.forEach(([author, hours, content], i) => {
    s.push(
      `INSERT OR IGNORE INTO posts (id, author_id, content, created_at) VALUES (${SEED_ID + i}, ${uid(author)},
        ${q(content)}, ${ago(hours)})`,
    );
  });
  COMMENTS.forEach(([post, author, content], i) => {
    s.push(
      `INSERT OR IGNORE INTO comments (id, post_id, author_id, content, created_at) VALUES (${SEED_ID + i},
        ${SEED_ID + post}, ${uid(author)}, ${q(content)}, ${ago(POSTS[post][1] - 1 - (i % 3))})`,
    );
  });
  for (const [post, likers] of LIKES)
    for (const who of likers)
      s.push(
        `INSERT OR IGNORE INTO post_likes (post_id, user_id, created_at) VALUES (${SEED_ID + post}, ${uid(who)},
          ${ago(POSTS[post][1] - 1)})`,
      );
  s.push(
    `UPDATE posts SET likes_count = (SELECT count(*) FROM post_likes WHERE post_id = posts.id),
      comments_count = (SELECT count(*) FROM comments WHERE post_id = posts.id) WHERE id >= ${SEED_ID}`,
  );
  NOTICES.forEach((n, i) => {
    s.push(
      `INSERT OR IGNORE INTO notices (id, title, content, is_pinned, author_id, created_at) VALUES (${SEED_ID + i},
        ${q(n.title)}, ${q(n.html)}, ${n.pinned ? 1 : 0}, ${uid(ADMIN)}, ${ago(n.hours)})`,
    );
  });
  CHANNELS.forEach((c, i) => {
    s.push(
      `INSERT OR IGNORE INTO channels (id, name, description, is_private, created_by, created_at)
        VALUES (${SEED_ID + i}, ${q(c.name)}, ${q(c.description)}, ${c.private ? 1 : 0}, ${uid(c.by)},
        ${ago(24 * 20)})`,
    );
    for (const m of c.members ?? [])
      s.push(`INSERT OR IGNORE INTO channel_members (channel_id, user_id) VALUES (${SEED_ID + i}, ${uid(m)})`);
  });
  MESSAGES.forEach(([channel, sender, hours, body], i) => {
    s.push(
      `INSERT OR IGNORE INTO messages (id, channel_id, sender_id, body, created_at) VALUES (${SEED_ID + i},
        ${SEED_ID + channel}, ${uid(sender)}, ${q(body)}, ${ago(hours)})`,
    );
  });
  RESOURCES.forEach((r, i) => {
    const owner = USERS.find((u) => u.email === r.owner);
    s.push(
      `INSERT OR IGNORE INTO resources (id, title, description, file_key, file_name, file_type, file_size, kind, tags,
        owner_id, owner_name, created_at) VALUES (${SEED_ID + i}, ${q(r.title)}, ${q(r.description)}, ${q(r.key)},
        ${q(r.file)}, ${q(r.type)}, ${r.body.length}, ${q(r.kind)}, ${q(JSON.stringify(r.tags))}, ${uid(r.owner)},
        ${q(owner.name)}, ${ago(r.hours)})`,
    );
  });
  s.push(
    `INSERT OR IGNORE INTO programs (id, title, summary, unlock, time_zone, published_at, created_at) VALUES
      (${SEED_ID}, ${q(PROGRAM.title)}, ${q(PROGRAM.summary)}, 'dates', 'America/Santiago', ${ago(48)}, ${ago(48)})`,
  );
  PROGRAM.lessons.forEach((l, i) => {
    s.push(
      `INSERT OR IGNORE INTO program_lessons (id, program_id, position, title, body, body_html, opens_on, media_key,
        media_type, media_kind, media_size, duration_seconds) VALUES (${SEED_ID + i}, ${SEED_ID}, ${i + 1},
        ${q(l.title)}, ${q(l.body)}, ${q(markdownHtml(l.body))}, ${q(l.opensOn)}, ${q(l.key)}, 'audio/ogg', 'audio',
        ${l.body_file.length}, 8)`,
    );
  });
  s.push(
    `INSERT OR IGNORE INTO program_enrolments (program_id, user_id, started_at, time_zone, last_active_at) VALUES
      (${SEED_ID}, ${uid(LUNA)}, ${ago(30)}, 'America/Santiago', ${ago(20)})`,
  );
  s.push(
    `INSERT OR IGNORE INTO lesson_progress (lesson_id, user_id, program_id, position_seconds, done_at, updated_at)
      VALUES (${SEED_ID}, ${uid(LUNA)}, ${SEED_ID}, 8, ${ago(20)}, ${ago(20)})`,
  );
  s.push(
    `INSERT OR IGNORE INTO practice_entries (id, user_id, practised_on, minutes, note, mood) VALUES (${SEED_ID},
      ${uid(LUNA)}, ${q(santiagoDate(now - 24 * HOUR))}, 12, 'Sentada junto a la ventana', 'calm')`,
  );
  return s;
}

/** The seed's lesson texts are simple: headings and paragraphs, as the server's markdown would render them. */
function markdownHtml(markdown) {
  const esc = (t) => t.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  return markdown
    .split("\n\n")
    .map((block) => (block.startsWith("## ") ? `<h2>${esc(block.slice(3))}</h2>` : `<p>${esc(block)}</p>`))
    .join("\n");
}

// The schema first (the same command `npm run dev` runs), into the chosen state directory.
execFileSync(
  path.join(root, "node_modules/.bin/wrangler"),
  ["d1", "migrations", "apply", "DB", "--local", "--env", "local", "--persist-to", stateDir],
  { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
);

const { env, dispose } = await openLocalState();
try {
  const before = await env.DB.prepare(`SELECT count(*) AS n FROM posts WHERE id >= ${SEED_ID}`).first();
  await env.DB.batch(statements().map((sql) => env.DB.prepare(sql)));
  for (const r of RESOURCES)
    await env.BLOBS.put(r.key, r.body, { httpMetadata: { contentType: r.type }, customMetadata: { fileName: r.file } });
  for (const l of PROGRAM.lessons)
    await env.BLOBS.put(l.key, l.body_file, {
      httpMetadata: { contentType: "audio/ogg" },
      customMetadata: { fileName: `${l.key.split("/").pop()}` },
    });
  const counts = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM posts) AS posts, (SELECT count(*)
      FROM comments) AS comments, (SELECT count(*) FROM channels) AS channels, (SELECT count(*)
      FROM messages) AS messages, (SELECT count(*) FROM notices) AS notices, (SELECT count(*)
      FROM resources) AS resources, (SELECT count(*) FROM programs) AS programs, (SELECT count(*)
      FROM program_lessons) AS lessons`,
  ).first();
  const what = before.n ? "Already seeded; nothing duplicated" : "Seeded the local lounge";
  const where = path.relative(root, stateDir) || ".";
  const seeded = Object.entries(counts).map(([k, v]) => `${v} ${k}`);
  console.log(`${what} (${where}): ${seeded.join(", ")}.`);
  console.log(
    `Sign in (dev sign-in) as ${ADMIN} (admin), ${LUNA} (paid member) ` +
      `or ${MATEO}, ${SOFIA}, ${JAMES}, ${AMARA} (members).`,
  );
} finally {
  await dispose();
}
