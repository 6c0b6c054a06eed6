/* journal: search over search-index.json (progressive enhancement). */
(function () {
  'use strict';

  var MAX = 30;
  var MARKS = /[\u0300-\u036f]/g;
  var JAMO = /[\u3131-\u318e]/g; // compatibility jamo typed alone, e.g. "ㄱ"
  var PUNCT = /[\s\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e\u00a1-\u00bf\u2010-\u2027\u2030-\u205e\u3000-\u303f\uff01-\uff0f\uff5e]+/g;
  // Mid-typing "강" may become "가을": a query ending in final jamo U+11A8+i is also
  // tried as FINALS[i] (a, b.. = initial U+1100, U+1101..; A, B.. = final U+11A8..).
  var FINALS = 'a,b,Aj,c,Dm,Ds,d,f,Ha,Hg,Hh,Hj,Hq,Hr,Hs,g,h,Qj,j,k,l,m,o,p,q,r,s'.split(',');

  function jamo(c) { return c.normalize('NFKD'); }

  // Lowercase, NFD without combining marks ("Café" -> "cafe"); Hangul stays decomposed
  // into jamo so that a half-typed syllable still prefix-matches ("가으" -> "가을").
  function fold(s) {
    s = String(s == null ? '' : s).toLowerCase();
    return /[^\x00-\x7f]/.test(s) ? s.normalize('NFD').replace(MARKS, '').replace(JAMO, jamo) : s;
  }
  function compact(n) { return n.replace(PUNCT, ''); }
  function words(n) { return n.replace(PUNCT, ' ').trim(); }

  // items: [[type, title, subtitle, url], ...]
  function prepare(items) {
    return items.map(function (it, i) {
      var t = fold(it[1]);
      return { i: i, item: it, len: String(it[1]).length, tc: compact(t), tw: ' ' + words(t), sc: compact(fold(it[2])) };
    });
  }

  function variant(q) {
    var w = words(q);
    return { c: compact(q), w: ' ' + w, words: w ? w.split(' ') : [] };
  }

  function variants(query) {
    var q = fold(query).trim();
    var v = [variant(q)];
    var alt = FINALS[q.charCodeAt(q.length - 1) - 0x11a8];
    if (alt) {
      v.push(variant(q.slice(0, -1) + alt.replace(/./g, function (c) {
        return String.fromCharCode(c.charCodeAt(0) + (c < 'a' ? 0x1167 : 0x109f));
      })));
    }
    return v[0].c ? v : [];
  }

  // 5 exact title, 4 title starts with, 3 a title word starts with, 2 title contains,
  // 1 subtitle contains, 0 every query word somewhere; -1 no match.
  function rank(e, v) {
    var q = v.c;
    var t = e.tc;
    if (t === q) return 5;
    if (t.startsWith(q)) return 4;
    if (e.tw.indexOf(v.w) >= 0) return 3;
    if (t.indexOf(q) >= 0) return 2;
    if (e.sc.indexOf(q) >= 0) return 1;
    var w = v.words;
    if (w.length < 2) return -1;
    for (var k = 0; k < w.length; k++) if (t.indexOf(w[k]) < 0 && e.sc.indexOf(w[k]) < 0) return -1;
    return 0;
  }

  // -> { total, results: [item, ...] }, best first
  function search(entries, query, limit) {
    var vs = variants(query);
    var hits = [];
    if (!vs.length) return { total: 0, results: [] };
    for (var i = 0; i < entries.length; i++) {
      var r = rank(entries[i], vs[0]);
      if (vs.length > 1 && r < 5) r = Math.max(r, rank(entries[i], vs[1]));
      if (r >= 0) hits.push({ r: r, e: entries[i] });
    }
    hits.sort(function (a, b) { return b.r - a.r || a.e.len - b.e.len || a.e.i - b.e.i; });
    return { total: hits.length, results: hits.slice(0, limit || MAX).map(function (h) { return h.e.item; }) };
  }

  // A label may hold a placeholder ("{n}개 결과"); otherwise the value is added.
  function fill(label, key, value, before) {
    return label.indexOf(key) >= 0 ? label.replace(key, value) : before ? value + ' ' + label : label + ' ' + value;
  }

  function start(form) {
    var input = form.querySelector('input[name="q"]') || form.querySelector('input');
    var status = document.querySelector('#search-status, .search-status');
    var list = document.querySelector('#search-results, .search-results');
    if (!input || !status || !list) return;
    function label(n, d) { return form.getAttribute('data-label-' + n) || d; }
    var results = label('results', 'results');
    var typeLabels = {};
    try { typeLabels = JSON.parse(label('types', '{}')) || {}; } catch (e) { /* keep English */ }
    var indexUrl = form.getAttribute('data-index') || 'search-index.json';
    var base = indexUrl.replace(/[^/]*$/, ''); // the index is at the site root
    var entries = null;
    var types = [];
    var loading = null;
    var timer = 0;
    var goFirst = false; // Enter pressed: open the first result when there is one

    function say(text) { if (status.textContent !== text) status.textContent = text; }

    function href(url) {
      url = String(url);
      if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return /^https?:/i.test(url) ? url : null;
      return url.indexOf(base) === 0 ? url : base + url.replace(/^\//, '');
    }

    function typeName(n) {
      var key = types[n] || '';
      return typeLabels[key] || key.charAt(0).toUpperCase() + key.slice(1);
    }

    function syncUrl(q) {
      try {
        var p = new URLSearchParams(location.search);
        if (q) p.set('q', q); else p.delete('q');
        p = p.toString();
        history.replaceState(history.state, '', location.pathname + (p ? '?' + p : '') + location.hash);
      } catch (e) { /* file:// or sandboxed */ }
    }

    function el(tag, cls, text) {
      var e = document.createElement(tag);
      if (cls) e.className = cls;
      if (text != null) e.textContent = text;
      return e;
    }

    function run() {
      clearTimeout(timer);
      var q = input.value.trim();
      syncUrl(q);
      if (!q) { goFirst = false; list.textContent = ''; say(''); return; }
      if (!entries) { load(); say(label('loading', 'Loading\u2026')); return; }
      var found = search(entries, q, MAX);
      var frag = document.createDocumentFragment();
      found.results.forEach(function (it) {
        var url = href(it[3]);
        if (url === null) return;
        var li = frag.appendChild(el('li', 'search-result'));
        var a = li.appendChild(el('a'));
        a.href = url;
        a.appendChild(el('span', 'search-type', typeName(it[0])));
        a.appendChild(document.createTextNode(' '));
        a.appendChild(el('span', 'search-title', it[1]));
        if (it[2]) {
          a.appendChild(document.createTextNode(' '));
          a.appendChild(el('span', 'search-subtitle', it[2]));
        }
      });
      list.textContent = '';
      list.appendChild(frag);
      var n = found.total;
      say(n ? fill(n === 1 && results === 'results' ? 'result' : results, '{n}', n, true)
        : fill(label('none', 'No results for'), '{q}', '\u201c' + q + '\u201d'));
      if (goFirst) {
        goFirst = false;
        var first = list.querySelector('a');
        if (first) location.assign(first.href);
      }
    }

    function load() {
      if (loading) return loading;
      loading = fetch(indexUrl)
        .then(function (r) {
          if (!r.ok) throw new Error('HTTP ' + r.status);
          return r.json();
        })
        .then(function (data) {
          types = data.types || [];
          entries = prepare(data.items || []);
          run();
        })
        .catch(function () {
          loading = null; // allow a retry on the next keystroke
          say(label('error', 'Search is not available right now.'));
        });
      return loading;
    }

    input.addEventListener('focus', load);
    input.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(run, 80);
    });
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      goFirst = true;
      run();
    });

    var initial = new URLSearchParams(location.search).get('q');
    if (initial) {
      input.value = initial;
      run();
    }
  }

  if (typeof document !== 'undefined') {
    var init = function () {
      var forms = document.querySelectorAll('form[data-search]');
      for (var i = 0; i < forms.length; i++) start(forms[i]);
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
    else init();
  }
  if (typeof module !== 'undefined' && module.exports) {
    module.exports = { fold: fold, prepare: prepare, search: search };
  }
})();
