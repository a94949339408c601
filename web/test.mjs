// Browser tests of the pages served by `punto-banco serve`: a whole French session played by
// clicks, a claimed tableau checked, a bet designed and priced, the analysis. Every figure the
// pages show is compared with the command line's own JSON document (`-f json`), an independent
// path to the same library, or with the API responses the page received.
//
//   node web/test.mjs                 # builds nothing: runs ../target/release/punto-banco
//   PUNTO_BANCO_BIN=path node web/test.mjs
//   PUNTO_BANCO_URL=http://127.0.0.1:8080 node web/test.mjs   # a server already running
//   CHROMIUM=/path/to/chromium node web/test.mjs
//
// Screenshots go to web/artifacts/. Exits 1 when a check fails.

import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const BIN = process.env.PUNTO_BANCO_BIN || path.join(root, 'target', 'release', 'punto-banco');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARTIFACTS = path.join(here, 'artifacts');
const TIMEOUT = 20000;

fs.mkdirSync(ARTIFACTS, { recursive: true });

/** The command line's JSON document, the independent path every figure is compared with. */
function cli(...args) {
  return JSON.parse(execFileSync(BIN, [...args, '-f', 'json'], { cwd: root, encoding: 'utf8' }));
}

/** Numbers as the pages print them (the tests hold the formatting to the same locale rules). */
function percent(lang, x, digits = 4) {
  const s = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(x).replace('-', '−');
  return s + (lang === 'fr' ? '\u00a0%' : '%');
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

async function startServer() {
  if (process.env.PUNTO_BANCO_URL) return { url: process.env.PUNTO_BANCO_URL, stop() {} };
  const child = spawn(BIN, ['serve', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no "listening on" line within 30 s: ${seen}`)), 30000);
    const read = (chunk) => {
      seen += chunk;
      const m = seen.match(/listening on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace(/\/$/, ''));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${seen}`)));
  });
  return { url, stop: () => child.kill() };
}

// The docs' screenshots (PUNTO_BANCO_DOC_IMAGES=1): the viewport at chosen moments, written to
// docs/images/web-NAME.png with at most 256 colours so that each stays a few tens of KB.
const DOC_IMAGES = process.env.PUNTO_BANCO_DOC_IMAGES === '1';
async function docImage(page, name) {
  if (!DOC_IMAGES) return;
  const png = await page.screenshot({ type: 'png' });
  fs.writeFileSync(path.join(root, 'docs', 'images', `web-${name}.png`), paletted(png));
}

/** A PNG of Chromium's (8-bit RGB or RGBA, not interlaced) as an indexed PNG: its 256 most
 * frequent colours, every other pixel drawn in the nearest of them. */
function paletted(png) {
  const chunks = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    chunks.push([png.toString('latin1', at + 4, at + 8), png.subarray(at + 8, at + 8 + length)]);
    at += 12 + length;
  }
  const header = chunks.find(([type]) => type === 'IHDR')[1];
  const [width, height, depth, colourType, , , interlace] = [header.readUInt32BE(0), header.readUInt32BE(4), ...header.subarray(8, 13)];
  assert.ok(depth === 8 && (colourType === 2 || colourType === 6) && interlace === 0, 'an 8-bit RGB(A) PNG');
  const bpp = colourType === 6 ? 4 : 3;
  const raw = zlib.inflateSync(Buffer.concat(chunks.filter(([type]) => type === 'IDAT').map(([, data]) => data)));
  const stride = width * bpp;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? pixels[y * stride + x - bpp] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y > 0 ? pixels[(y - 1) * stride + x - bpp] : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      pixels[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  const colourAt = (i) => (pixels[i * bpp] << 16) | (pixels[i * bpp + 1] << 8) | pixels[i * bpp + 2];
  const counts = new Map();
  for (let i = 0; i < width * height; i++) counts.set(colourAt(i), (counts.get(colourAt(i)) || 0) + 1);
  const palette = [...counts].sort((x, y) => y[1] - x[1]).slice(0, 256).map(([colour]) => colour);
  const index = new Map(palette.map((colour, i) => [colour, i]));
  const nearest = (colour) => {
    let best = 0;
    let distance = Infinity;
    palette.forEach((p, i) => {
      const d = ((p >> 16) - (colour >> 16)) ** 2 + (((p >> 8) & 255) - ((colour >> 8) & 255)) ** 2 + ((p & 255) - (colour & 255)) ** 2;
      if (d < distance) [best, distance] = [i, d];
    });
    index.set(colour, best);
    return best;
  };
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = colourAt(y * width + x);
      rows[y * (width + 1) + 1 + x] = index.get(colour) ?? nearest(colour);
    }
  }
  const chunk = (type, data) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 3, 0, 0, 0], 8);
  const plte = Buffer.alloc(3 * palette.length);
  palette.forEach((colour, i) => plte.set([colour >> 16, (colour >> 8) & 255, colour & 255], 3 * i));
  return Buffer.concat([png.subarray(0, 8), chunk('IHDR', ihdr), chunk('PLTE', plte),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const results = [];
async function check(name, fn) {
  const started = Date.now();
  try {
    await fn();
    results.push([name, null]);
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (e) {
    results.push([name, e]);
    console.log(`FAIL ${name}\n${e.stack || e}`);
  }
}

const server = await startServer();
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'punto-banco-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  viewport: { width: 1000, height: 700 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
context.setDefaultTimeout(TIMEOUT);
const page = context.pages()[0] || (await context.newPage());
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(e.message));
// The pages fetch nothing but their own three files and the API.
const foreign = [];
page.on('request', (r) => {
  if (!r.url().startsWith(server.url) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) foreign.push(r.url());
});
const sel = (test) => `[data-test="${test}"]`;

try {
  await check('a French session of ten deals with three players, played by clicks', async () => {
    const docs = [];
    await page.goto(`${server.url}/?lang=fr#/session`);
    await page.click(sel('add-player'));
    const players = [['Alice', 'punto'], ['Bruno', 'banco'], ['Chloé', 'tie']];
    for (const [i, [name, prediction]] of players.entries()) {
      await page.fill(sel(`player-name-${i}`), name);
      await page.selectOption(sel(`player-prediction-${i}`), prediction);
    }
    assert.equal(await page.textContent(sel('player-prediction-2') + ' option[value="tie"]'), 'Égalité');
    await page.click(sel('start'));
    await page.waitForSelector(sel('odds-table'));
    let clicks = 0;
    let highlighted = 0;
    while (!(await page.$(sel('winner')))) {
      assert.ok(clicks++ < 80, 'the session does not end');
      const label = await page.textContent(sel('next'));
      if (/^Donner/.test(label)) {
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.url().includes('/api/v1/deal')),
          page.click(sel('next')),
        ]);
        docs.push(await response.json());
        await page.waitForFunction((n) => document.querySelector('[data-test="deal-number"]').textContent.startsWith(`Donne ${n} `), docs.length);
      } else {
        await page.click(sel('next'));
      }
      const doc = docs[docs.length - 1];
      const shown = await page.$(sel('step-text'));
      if (shown) {
        const text = await shown.textContent();
        const step = doc.steps.find((s) => s.text === text);
        if (text !== 'Les quatre premières cartes\u00a0: Punto, Banco, Punto, Banco.') {
          assert.ok(step, `the step shown is the API's text: ${text}`);
          // The step's cell of the golden tableau is highlighted.
          const cell = step.decision === 'natural' || step.hand === 'punto'
            ? sel(`punto-${step.decision === 'natural' ? step.punto_total : step.total}`)
            : sel(`cell-${step.total}-${step.punto_third_card === null ? 'stood' : step.punto_third_card}`);
          assert.match(await page.getAttribute(cell, 'class'), /\bhl\b/, `${cell} highlighted for ${text}`);
          highlighted++;
        }
      } else {
        assert.equal(await page.textContent(sel('result')), doc.result);
      }
      if (clicks === 3) {
        await page.screenshot({ path: path.join(ARTIFACTS, 'session-step.png') });
        await docImage(page, 'session');
      }
    }
    assert.equal(docs.length, 10, 'ten deals');
    assert.ok(highlighted >= 10, 'a highlighted tableau cell at each explained step');
    for (const d of docs) assert.equal(d.lang, 'fr');
    const totals = players.map(([, p]) => docs.reduce((sum, d) => sum + d.net[p], 0));
    for (const i of players.keys()) {
      assert.equal(Number(await page.getAttribute(sel(`score-${i}`), 'data-value')), totals[i], `score of ${players[i][0]}`);
      assert.equal(await page.textContent(sel(`score-${i}`)), signed(totals[i]));
    }
    const best = Math.max(...totals);
    const winners = players.filter((_, i) => totals[i] === best).map(([n]) => n);
    const winner = await page.textContent(sel('winner'));
    assert.match(winner, winners.length > 1 ? /^Vainqueurs ex æquo\u00a0: / : /^Vainqueur\u00a0: /);
    for (const n of winners) assert.ok(winner.includes(n), `${n} in "${winner}"`);
    // The home format: every deal from the full shoe, shuffled again.
    assert.equal(await page.textContent(sel('cards-left')), 'Sabot de 416 cartes, battu à nouveau avant chaque donne');
    // The exact odds for these predictions, as the command line gives them.
    const odds = cli('session-odds', '--players', 'punto,banco,tie', '--lang', 'fr');
    for (const i of players.keys()) {
      assert.equal(await page.textContent(sel(`odds-alone-${i}`)), percent('fr', 100 * odds.players[i].wins_alone_decimal, 2));
    }
    assert.ok(await page.$eval(sel('odds-chart'), (img) => img.complete && img.naturalWidth > 0), 'the chart is drawn');
    await page.screenshot({ path: path.join(ARTIFACTS, 'session-end.png'), fullPage: true });
  });

  await check('a session dealt on from one shoe uses six cards a deal, less the unused ones', async () => {
    await page.click(sel('new-session'));
    await page.check(sel('mode-one-shoe'));
    await page.click(sel('start'));
    let left = 416;
    for (let deal = 1; deal <= 3; deal++) {
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/v1/deal')),
        page.click(sel('next')),
      ]);
      const doc = await response.json();
      left -= 6 - doc.unused.length;
      await page.waitForFunction((n) => document.querySelector('[data-test="deal-number"]').textContent.startsWith(`Donne ${n} `), deal);
      assert.equal(await page.textContent(sel('cards-left')), `${left} cartes restent dans le sabot`);
      while (!(await page.$(sel('result')))) await page.click(sel('next'));
      if (doc.unused.length) assert.match(await page.textContent(sel('unused')), /^Inutilisées\u00a0: /);
      assert.equal(await page.textContent(sel('result')), doc.result);
    }
  });

  await check('the session on a phone, in large type', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.click(sel('large-toggle'));
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('large')), true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'session-phone-large.png'), fullPage: true });
    await page.click(sel('large-toggle'));
    await page.setViewportSize({ width: 1000, height: 700 });
  });

  // A claimed table pasted in the French checker: its one differing cell marked on the golden
  // tableau, its sentence and its cost as the command line's check gives them.
  const pasted = async (claimedFile, text, image) => {
    const expected = cli('check', claimedFile, '--lang', 'fr');
    assert.equal(expected.differences.length, 1);
    const [d] = expected.differences;
    await page.goto(`${server.url}/?lang=fr#/check`);
    await page.fill(sel('claimed'), text);
    await page.click(sel('check-run'));
    await page.waitForSelector(`${sel('check-report')}, ${sel('check-error')}`);
    const refused = await page.$(sel('check-error'));
    if (refused) assert.fail(await refused.textContent());
    assert.equal(await page.getAttribute(sel('difference-count'), 'data-value'), '1');
    assert.match(await page.getAttribute(sel(`cell-${d.banco_total}-${d.punto_third_card}`), 'class'), /\bdiff\b/);
    assert.equal(await page.locator('td.diff').count(), 1, 'one cell marked');
    // The check document's sentences are English; the French page says the difference as the
    // command line's French text report does.
    const french = execFileSync(BIN, ['check', claimedFile, '--lang', 'fr'], { cwd: root, encoding: 'utf8' });
    const sentence = await page.textContent(sel('difference-text'));
    assert.ok(french.includes(`1. ${sentence}\n`), `"${sentence}" in the French report`);
    assert.equal(await page.textContent(sel(`cell-${d.banco_total}-${d.punto_third_card}`)), 'R→T1');
    const cost = await page.textContent(sel('difference-cost'));
    for (const [bet, name] of [['punto', 'Punto'], ['banco', 'Banco'], ['tie', 'Égalité']]) {
      const pp = d.edge_change[bet].percentage_points;
      const figure = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 6, maximumFractionDigits: 6 }).format(pp).replace('-', '−');
      assert.ok(cost.includes(`${name} ${pp > 0 ? '+' : ''}${figure}`), `${name} ${figure} in "${cost}"`);
    }
    await page.screenshot({ path: path.join(ARTIFACTS, `${image}.png`), fullPage: true });
    await page.$eval(sel('difference-count'), (el) => el.scrollIntoView());
    await docImage(page, 'check');
  };

  await check('a pasted rule file with one tableau cell changed: the cell and its cost', async () => {
    // The reference's rule file with document 004's error: Banco on 3 draws against an 8.
    const rules = JSON.parse(fs.readFileSync(path.join(root, 'data/variants/reference.json'), 'utf8'));
    assert.equal(rules.drawing.banco['3'], 'D D D D D D D D S D  D');
    rules.drawing.banco['3'] = 'D D D D D D D D D D  D';
    rules.name = 'claimed';
    delete rules.claims;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'punto-banco-claimed-')), 'claimed.json');
    fs.writeFileSync(file, JSON.stringify(rules, null, 2));
    await pasted(file, fs.readFileSync(file, 'utf8'), 'check-rule-file');
  });

  await check('a pasted claimed grid (document 004\'s Banque table): the cell and its cost', async () => {
    const claimed = 'data/claims/004-banque.tsv';
    await pasted(claimed, fs.readFileSync(path.join(root, claimed), 'utf8'), 'check-grid');
    assert.match(await page.textContent(sel('assumed')), /la règle de Punto/);
  });

  await check('a pasted claimed Markdown grid (document 004\'s Banque table): the cell and its cost', async () => {
    const claimed = 'data/claims/004-banque.md';
    await pasted(claimed, fs.readFileSync(path.join(root, claimed), 'utf8'), 'check-ranges');
  });

  await check('a pasted claimed range table with document 004\'s error: the cell and its cost', async () => {
    const ranges = fs.readFileSync(path.join(root, 'data/claims/teaching-en-ranges.md'), 'utf8');
    assert.ok(ranges.includes('| 3 | Anything except 8 |'));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'punto-banco-ranges-')), 'claimed.md');
    fs.writeFileSync(file, ranges.replace('| 3 | Anything except 8 |', '| 3 | Always |'));
    await pasted(file, fs.readFileSync(file, 'utf8'), 'check-ranges');
  });

  await check('a rule file opened in the checker: its claims and tariff', async () => {
    const file = 'data/variants/ez-baccarat.json';
    const expected = cli('check', file, '--lang', 'fr');
    await page.setInputFiles(sel('claimed-file'), path.join(root, file));
    await page.waitForFunction((n) => document.querySelectorAll('[data-test="claim"]').length === n, expected.claims.length);
    assert.equal(await page.locator(sel('tariff-difference')).count(), expected.tariff_differences.length);
    assert.equal(await page.locator(sel('no-difference')).count(), 1);
  });

  await check('the bet designer: Lucky 6 edited in the form and in the JSON, priced exactly', async () => {
    let lastRules = null;
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/analyze') && r.method() === 'POST') lastRules = JSON.parse(r.postData());
    });
    const ready = async () => {
      await page.waitForSelector(`${sel('bet-result')}[data-state="ready"]`);
      return page.textContent(sel('bet-edge'));
    };
    await page.goto(`${server.url}/?lang=en#/bet`);
    // The page's own rule file gives Lucky 6 the edge of the shipped side-bets file.
    const shipped = cli('analyze', '--rules', 'side-bets').bets.lucky_6;
    assert.equal(await ready(), percent('en', shipped.edge_percent));
    assert.equal(await page.textContent(sel('bet-edge-exact')), shipped.edge);
    assert.match(await page.textContent(sel('bet-terms')), /6/);
    // The form edits the JSON...
    await page.fill(sel('line-pays-0'), '11');
    assert.match(await page.inputValue(sel('bet-json')), /"pays": 11/);
    // ...and the JSON edits the form.
    const json = (await page.inputValue(sel('bet-json'))).replace('"pays": 20', '"pays": 25');
    await page.fill(sel('bet-json'), json);
    assert.equal(await page.inputValue(sel('line-pays-1')), '25');
    const pricedAt = async (removed) => {
      const edge = await ready();
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'punto-banco-bet-')), 'bet.json');
      fs.writeFileSync(file, JSON.stringify(lastRules.rules));
      assert.deepEqual(lastRules.rules.bets.lucky_6, [
        { winner: 'banco', total: 6, cards: 2, pays: 11 },
        { winner: 'banco', total: 6, cards: 3, pays: 25 },
      ]);
      const args = ['analyze', '--rules', file, ...(removed ? ['--remove', removed] : [])];
      const figure = cli(...args).bets.lucky_6;
      assert.equal(edge, percent('en', figure.edge_percent));
      const hits = figure.net_distribution.filter((n) => !n.net.startsWith('-') && n.net !== '0/1').reduce((s, n) => s + n.decimal, 0);
      assert.equal(await page.textContent(sel('bet-hit')), percent('en', 100 * hits));
      return figure.edge_percent;
    };
    const full = await pricedAt('');
    await docImage(page, 'bet');
    // Two sixes out of the shoe, by clicks.
    await page.click(sel('pick-6H'));
    await page.click(sel('pick-6S'));
    await page.waitForFunction(() => document.querySelector('[data-test="removed"]').textContent.includes('6♥ 6♠'));
    await ready();
    assert.equal(lastRules.remove, '6H,6S');
    const depleted = await pricedAt('6H,6S');
    assert.notEqual(depleted, full, 'removing two sixes moves the edge');
    assert.ok(await page.$eval(sel('bet-eor'), (img) => img.complete && img.naturalWidth > 0), 'the effect of removal is drawn');
    // A schema-2 bet on the cards, from the examples, on the full shoe again.
    await page.click(sel('reset-removed'));
    await page.selectOption(sel('bet-example'), 'either_pair');
    const edge = await ready();
    assert.equal(lastRules.rules.schema, 2);
    assert.equal(lastRules.remove, undefined);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'punto-banco-bet-')), 'bet.json');
    fs.writeFileSync(file, JSON.stringify(lastRules.rules));
    assert.equal(edge, percent('en', cli('analyze', '--rules', file).bets.either_pair.edge_percent));
    assert.match(await page.inputValue(sel('bet-json')), /"either_pair": \[\n {4}\{"any": \[\{"punto"/);
    await page.screenshot({ path: path.join(ARTIFACTS, 'bet.png'), fullPage: true });
  });

  await check('the analysis and the decisions grid', async () => {
    await page.goto(`${server.url}/?lang=en#/analysis`);
    await page.waitForSelector(sel('decisions-grid'));
    const expected = cli('analyze');
    assert.equal(await page.textContent(`${sel('outcome-banco')} td.num`), '2,292,252,566,437,888');
    assert.equal(expected.outcomes.banco.count, '2292252566437888');
    const decisions = cli('decisions');
    const off = decisions.cells.filter((c) => c.best_for_banco !== c.tableau).length;
    assert.equal(await page.locator(`${sel('decisions-grid')} td.off`).count(), off);
    assert.equal(off, decisions.best_response.banco.decisions);
    await page.click(sel('lang-toggle'));
    await page.waitForSelector(sel('decisions-grid'));
    assert.equal(await page.textContent(sel('nav-analysis')), 'Analyse');
    assert.equal(await page.textContent(`${sel('outcome-banco')} td.num`), '2\u202f292\u202f252\u202f566\u202f437\u202f888');
    await page.screenshot({ path: path.join(ARTIFACTS, 'analysis-fr.png'), fullPage: true });
    await page.$eval(sel('decisions'), (el) => el.scrollIntoView());
    await docImage(page, 'decisions');
  });

  await check('no script error, nothing fetched from elsewhere', async () => {
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(foreign, []);
  });
} finally {
  await context.close();
  server.stop();
  fs.rmSync(profile, { recursive: true, force: true });
}

const failed = results.filter(([, e]) => e);
console.log(`${results.length - failed.length} passed, ${failed.length} failed; screenshots in ${ARTIFACTS}`);
process.exit(failed.length ? 1 : 0);
