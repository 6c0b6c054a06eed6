// search.js in node, against a fake DOM, fake timers and a fetch the caller answers (or fails)
// one request at a time, in any order: what fuzz.js drives.
const fs = require('fs');
let src = fs.readFileSync(process.env.SEARCH_JS, 'utf8');
src = src.replace('  function start(form) {', '  globalThis.__t = { search: search, entry: entry, setText: setText, variants: variants, rank: rank };\n  function start(form) {');
// ---- fake DOM
class Node_ {
  constructor(tag) { this.tag = tag; this.children = []; this.attrs = {}; this.listeners = {}; this.hidden = false; this._text = null; this.parent = null; }
  appendChild(c) { if (c.tag === '#frag') { c.children.forEach(x => { x.parent = this; this.children.push(x); }); c.children = []; return c; } c.parent = this; this.children.push(c); return c; }
  set textContent(t) { this.children = []; this._text = t; }
  get textContent() { if (this.tag === '#text') return this._text; return (this._text || '') + this.children.map(c => c.textContent).join(''); }
  getAttribute(n) { return this.attrs[n] == null ? null : this.attrs[n]; }
  addEventListener(t, f) { (this.listeners[t] = this.listeners[t] || []).push(f); }
  fire(t, e) { (this.listeners[t] || []).forEach(f => f(e || { preventDefault() {} })); }
  all(pred, out) { out = out || []; for (const c of this.children) { if (pred(c)) out.push(c); c.all(pred, out); } return out; }
  querySelectorAll(sel) { const tag = sel; return this.all(c => c.tag === tag); }
  querySelector(sel) { if (sel.startsWith('input')) return this.input || null; return this.querySelectorAll(sel)[0] || null; }
  focus() { doc.activeElement = this; }
  contains(n) { while (n) { if (n === this) return true; n = n.parent; } return false; }
}
const doc = {
  readyState: 'complete', activeElement: null,
  createElement: t => new Node_(t), createDocumentFragment: () => new Node_('#frag'),
  createTextNode: t => { const n = new Node_('#text'); n._text = t; return n; },
};
const status = new Node_('p'), list = new Node_('ol'), more = new Node_('div');
const form = new Node_('form'); form.input = new Node_('input'); form.input.value = '';
form.attrs['data-index'] = 'search-index.json';
doc.querySelector = s => s.includes('status') ? status : s.includes('results') ? list : s.includes('more') ? more : null;
doc.querySelectorAll = s => [form];
globalThis.document = doc;
globalThis.location = { search: '', pathname: '/search/', hash: '', assign: u => { H.navigated.push(u); } };
globalThis.history = { state: null, replaceState() {} };
const H = { navigated: [], pending: [], files: {}, fetchLog: [] };
globalThis.fetch = url => new Promise((res, rej) => {
  H.fetchLog.push(url);
  H.pending.push({ url, ok: () => res({ ok: true, json: () => Promise.resolve(JSON.parse(JSON.stringify(H.files[url.replace(/^\//, '')]))) }), fail: () => rej(new Error('x')) });
});
H.timers = [];
let now = 0;
globalThis.setTimeout = (f, ms) => { const id = H.timers.length + 1; H.timers.push({ id, f, at: now + ms }); return id; };
globalThis.clearTimeout = id => { const t = H.timers.find(t => t.id === id); if (t) t.f = null; };
H.flushTimers = async () => { for (;;) { await new Promise(r => setImmediate(r)); const t = H.timers.filter(t => t.f).sort((a, b) => a.at - b.at)[0]; if (!t) return; now = Math.max(now, t.at); const f = t.f; t.f = null; f(); } };
H.settle = () => new Promise(r => setImmediate(r));
new Function(src)();
Object.assign(H, { doc, status, list, more, form, T: globalThis.__t });
H.shownPaths = () => list.querySelectorAll('a').map(a => a.href);
H.type = async q => { form.input.value = q; form.input.fire('input'); await H.flushTimers(); };
H.clickMore = async () => { const b = more.querySelector('button'); if (b && !more.hidden) { b.fire('click'); await H.flushTimers(); return true; } return false; };
module.exports = H;
