// AI: key health now; the generation routes (notices, resources) join this sub-app.
import { requireAdmin } from "../middleware/auth";
import { createRouter } from "../lib/create-app";
import { checkAllKeys } from "../services/ai";

export const aiRoutes = createRouter()
  // SPEC §3 API key check result: one entry per provider; the keys themselves never leave the server.
  .post("/ai/validate-keys", requireAdmin, async (c) => {
    const results = await checkAllKeys(c.env);
    return c.json({ results });
  });
