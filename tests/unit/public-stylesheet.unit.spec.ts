import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_STYLESHEET_FILE, type PublicStylesheet } from '../../backend/infrastructure/http/prerender';
import { ensureFrontendBuilt, ROOT } from '../e2e/support/app-server';

/** frontend/build/public-stylesheet.ts: the island pages' cut-down stylesheet, as the build writes it. */
const dist = path.join(ROOT, 'frontend/dist');

beforeAll(() => ensureFrontendBuilt(), 300_000);

describe("the island pages' stylesheet", () => {
  it('is a fraction of the app stylesheets it stands for, and keeps what those pages draw', () => {
    const pointer = JSON.parse(readFileSync(path.join(dist, PUBLIC_STYLESHEET_FILE), 'utf8')) as PublicStylesheet;
    const css = readFileSync(path.join(dist, pointer.file), 'utf8');
    const app = pointer.appStylesheets.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('');
    expect(pointer.appStylesheets.some((file) => /\/main-[^/]+\.css$/.test(file))).toBe(true);
    expect(css.length).toBeLessThan(app.length / 3);
    // The keyboard's focus ring (a rule naming no class), the dark theme, the forms' look, the landing's own styles.
    expect(css).toContain(':focus{');
    expect(css).toMatch(/\.bp6-dark [^{]*\.bp6-button/);
    expect(css).toMatch(/\.bp6-input-group\.bp6-intent-danger/);
    expect(css).toMatch(/\.bp6-callout/);
    expect(css).toMatch(/\.auth-card/);
    // Blueprint's parts no island page shows are left to the app's stylesheet.
    expect(app).toMatch(/\.bp6-menu-item/);
    expect(css).not.toMatch(/\.bp6-menu-item/);
    expect(existsSync(path.join(dist, `${pointer.file}.br`))).toBe(true);
  });
});
