// Links in local mail point at the dev server actually serving: `vite dev` gives the worker its own
// port as APP_ORIGIN (PORT, --port), so a changed port still gives working links; a deployed
// configuration keeps the APP_ORIGIN it names.
import { describe, expect, it } from "vitest";
import { localAppOrigin } from "../../scripts/local-origin.mjs";

describe("APP_ORIGIN under vite dev", () => {
  it("is the served port's address in the local configuration", () => {
    expect(localAppOrigin({ vars: { APP_ENV: "local", APP_ORIGIN: "http://localhost:5173" } }, 5190)).toEqual({
      vars: { APP_ORIGIN: "http://localhost:5190" },
    });
  });

  it("stays what a deployed configuration names, whatever the port", () => {
    for (const APP_ENV of ["staging", "production"]) {
      expect(localAppOrigin({ vars: { APP_ENV, APP_ORIGIN: "https://cosmiclounge.cl" } }, 5190)).toBeUndefined();
    }
    expect(localAppOrigin({}, 5190)).toBeUndefined();
  });
});
