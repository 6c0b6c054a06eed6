// The search page's promise, checked on random sites, queries, answer orders, failed fetches and
// "Show more" clicks: the list shown is always the start of the ranking every text file would
// give, and a result shown never moves while the query stays.
//
//     SEARCH_JS=templates/assets/search.js node fuzz.js SEED [TRIALS]
//
// Prints "failures N" (and the first failure's steps); exit 1 on any.
const seedArg = +process.argv[2] || 1;
let seed = seedArg;
const rnd = () => { seed |= 0; seed = seed + 0x6D2B79F5 | 0; let t = Math.imul(seed ^ seed >>> 15, 1 | seed); t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t; return ((t ^ t >>> 14) >>> 0) / 4294967296; };
const pick = a => a[Math.floor(rnd() * a.length)];
const VOC = ['love', 'lovely', 'glove', 'rain', 'rainy', 'brain', 'sun', 'sunny', 'ditto', 'newjeans', 'kari', 'nomumu', 'rinomu', '가을', '가로', '강', '발라드', 'café', 'cafe', 'sea', 'season', 'the', 'other', 'o', 'ab'];
function sentence(n) { const w = []; for (let i = 0; i < n; i++) w.push(pick(VOC)); return w.join(pick([' ', ' ', ', ', '. '])); }
function makeSite() {
  const kinds = ['day', 'track', 'artist', 'genre', 'tag', 'month', 'year', 'playlist', 'page'];
  const items = [], textByFile = [];
  const nMonths = 1 + Math.floor(rnd() * 6);
  const months = [];
  for (let m = nMonths; m >= 1; m--) {
    const days = [];
    for (let d = 28; d >= 1; d--) if (rnd() < 0.25) {
      const path = `2025/${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/`;
      const name = rnd() < 0.3 ? sentence(2) : `Day ${m}-${d}`;
      items.push([0, name, path, Math.floor(rnd() * 5), 'ctx', [`2025-${m}-${d}`]]);
      if (rnd() < 0.85) days.push([path, sentence(1 + Math.floor(rnd() * 8))]);
    }
    months.push(days);
  }
  // group months into files: random grouping, newest first
  const files = [];
  let cur = [];
  months.forEach((d, i) => { cur = cur.concat(d); if (rnd() < 0.6 || i === months.length - 1) { files.push(cur); cur = []; } });
  for (let i = 0; i < 6; i++) items.push([2, sentence(1), `artists/a${i}/`, Math.floor(rnd() * 20)]);
  for (let i = 0; i < 10; i++) { const credit = sentence(1 + Math.floor(rnd() * 2)); items.push([1, sentence(1 + Math.floor(rnd() * 2)), rnd() < 0.5 ? `artists/x/tracks/t${i}/` : `2025/01/0${i % 9 + 1}/#track-${i}`, Math.floor(rnd() * 10), credit, [], credit]); }
  items.push([3, sentence(1), 'genres/g/', 4]);
  const writing = [];
  for (let i = 0; i < 3; i++) { items.push([7, sentence(1), `playlists/p${i}/`, 0, '']); if (rnd() < 0.8) writing.push([`playlists/p${i}/`, sentence(4)]); }
  for (let i = 0; i < 2; i++) { items.push([8, sentence(1), `pg${i}/`, 0, '']); if (rnd() < 0.8) writing.push([`pg${i}/`, sentence(4)]); }
  const site = { 'search-index.json': { v: 3, kinds, text: [], items } };
  files.forEach((f, i) => { const n = `search/days-${i}.json`; site[n] = { v: 3, text: f }; site['search-index.json'].text.push(n); });
  if (rnd() < 0.8) { site['search-index.json'].text.push('search/playlists-pages.json'); site['search/playlists-pages.json'] = { v: 3, text: writing }; }
  return site;
}
function queries() {
  const w = pick(VOC);
  const r = rnd();
  if (r < 0.3) return w.slice(0, 1 + Math.floor(rnd() * w.length));
  if (r < 0.5) return w + ' ' + pick(VOC).slice(0, 2);
  if (r < 0.6) return w.normalize('NFKD').slice(0, 3);
  if (r < 0.7) return w.slice(1, 3);
  return w;
}
let failures = 0;
(async () => {
  for (let trial = 0; trial < +(process.argv[3]||400); trial++) {
    delete require.cache[require.resolve('./harness.js')];
    const H = require('./harness.js');
    const site = makeSite();
    H.files = site;
    // reference
    const ents = site['search-index.json'].items.map(r => H.T.entry(r, site['search-index.json'].kinds));
    const byPath = {}; ents.forEach(e => byPath[e.path] = e);
    for (const f of site['search-index.json'].text) site[f].text.forEach(p => { if (byPath[p[0]]) H.T.setText(byPath[p[0]], p[1]); });
    const ref = q => H.T.search(ents, q).map(h => h.e.path);
    H.form.input.fire('focus');
    await H.settle();
    H.pending.shift().ok(); await H.flushTimers();
    let q = queries();
    await H.type(q);
    const log = [q]; let prevQ = null, prevShown = [];
    for (let step = 0; step < 60; step++) {
      const r = rnd();
      if (r < 0.6 && H.pending.length) { const i = Math.floor(rnd() * H.pending.length); const p = H.pending.splice(i, 1)[0]; if (rnd() < 0.1) { p.fail(); log.push('fail ' + p.url); } else { p.ok(); log.push('ok ' + p.url); } }
      else if (r < 0.8) { log.push('more'); await H.clickMore(); }
      else if (r < 0.85) { q = queries(); log.push('type ' + q); await H.type(q); }
      await H.flushTimers();
      const shown = H.shownPaths(), full = ref(H.form.input.value.trim());
      const isPrefix = shown.every((p, i) => full[i] === p);
      const vs = H.T.variants(q);
      const needs = vs.length && vs[0].c.length >= 2;
      if (!isPrefix && needs) { failures++; console.log('NOT PREFIX trial', trial, JSON.stringify(log), '\nshown', shown, '\nfull ', full.slice(0, shown.length + 3)); break; }
      const cur = H.form.input.value.trim();
      if (prevQ === cur && !prevShown.every((p, i) => i >= shown.length || shown[i] === p)) { failures++; console.log('REORDER', needs ? 'long' : 'short', trial, JSON.stringify(cur), JSON.stringify(log.slice(-5)), '\nbefore', prevShown.slice(0,8), '\nafter ', shown.slice(0,8)); break; }
      prevQ = cur; prevShown = shown;
    }
  }
  console.log('failures', failures);
  process.exitCode = failures ? 1 : 0;
})();
