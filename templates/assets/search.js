/* journal: search (progressive enhancement). search-index.json holds every name (days,
   artists, tracks, genres, tags, months, years, playlists, pages); the diary's text is in the
   files it lists, newest first, fetched in that order once a query is two characters or longer,
   and only as far as the results shown need: text results go days newest first, so a result is
   shown only once no file not yet read could put another before it. */
(function () {
  'use strict';

  var PAGE = 30;
  var MARKS = /[\u0300-\u036f]/g;
  var PUNCT_CHARS = '[\\s\\x21-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7e\\u00a1-\\u00bf\\u2010-\\u2027\\u2030-\\u205e\\u3000-\\u303f\\uff01-\\uff0f\\uff5e]';
  var PUNCT = new RegExp(PUNCT_CHARS + '+', 'g');
  var IS_PUNCT = new RegExp('^' + PUNCT_CHARS + '$');
  // Mid-typing "강" may become "가을": a query ending in final jamo U+11A8+i is also
  // tried as FINALS[i] (a, b.. = initial U+1100, U+1101..; A, B.. = final U+11A8..).
  var FINALS = 'a,b,Aj,c,Dm,Ds,d,f,Ha,Hg,Hh,Hj,Hq,Hr,Hs,g,h,Qj,j,k,l,m,o,p,q,r,s'.split(',');
  // Kinds whose context line ends with their number of plays.
  var PLAY_KINDS = { track: 1, artist: 1, genre: 1, month: 1, year: 1 };
  // Kinds whose text is writing: a match in it shows the words around it.
  var WRITING = { day: 1, playlist: 1, page: 1 };

  // Lowercase, NFKD without combining marks ("Café" -> "cafe", full-width "Ａ" -> "a");
  // Hangul decomposes into jamo, so a half-typed syllable still prefix-matches ("가으" -> "가을").
  function fold(s) {
    s = String(s == null ? '' : s).toLowerCase();
    return /[^\x00-\x7f]/.test(s) ? s.normalize('NFKD').replace(MARKS, '') : s;
  }
  function compact(n) { return n.replace(PUNCT, ''); }
  function words(n) { return n.replace(PUNCT, ' ').trim(); }

  // A row: [kind, name, path, plays, context, aliases?, text?] (see SearchIndex.swift).
  function entry(row, kinds) {
    var names = [row[1]].concat(Array.isArray(row[5]) ? row[5] : []);
    var e = {
      kind: kinds[row[0]] || '', name: String(row[1]), path: String(row[2]), plays: +row[3] || 0,
      context: String(row[4] || ''), text: '', tw: '', key: fold(row[1]),
      names: names.map(function (n) { var f = fold(n); return { c: compact(f), w: ' ' + words(f) }; })
    };
    // A day with a title has its date as two more names (ISO and long) and first in its
    // context: shown before a snippet of its text, which takes the context's place.
    e.date = e.kind === 'day' && names.length > 2 ? e.context.split(' \u00b7 ')[0] : '';
    if (row[6]) setText(e, row[6]);
    return e;
  }
  function setText(e, text, diary) {
    e.diary = !!diary;
    e.text = String(text);
    e.tw = ' ' + words(fold(e.text)) + ' ';
  }

  function variant(q) {
    var w = words(q);
    return { c: compact(q), p: w, w: ' ' + w, words: w ? w.split(' ') : [] };
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

  // Match classes, best first: 6 a name (or alias) is the query, 5 starts with it, 4 one of its
  // words starts with it, 3 contains it; 2 a word of the text starts with it, 1 the text
  // contains it; 0 a name holds it across a space ("kari nomumu" for "rinomu") or every query
  // word starts a word somewhere; -1 no match. Never counts or context lines: names and text.
  // `names`: only names and the index's own text count (a query too short to search the diary
  // finds the same whatever text files were read for an earlier one).
  function rank(e, v, names) {
    var best = -1, across = false, q = v.c, i, n, tw = names && e.diary ? '' : e.tw;
    for (i = 0; i < e.names.length; i++) {
      n = e.names[i];
      if (n.c === q) return 6;
      if (n.c.lastIndexOf(q, 0) === 0) best = Math.max(best, 5);
      else if (n.w.indexOf(v.w) >= 0) best = Math.max(best, 4);
      else if (n.w.indexOf(v.p) >= 0) best = Math.max(best, 3);
      else if (n.c.indexOf(q) >= 0) across = true;
    }
    if (best >= 0) return best;
    if (tw) {
      if (tw.indexOf(v.w) >= 0) return 2;
      if (tw.indexOf(v.p) >= 0) return 1;
    }
    if (across) return 0;
    if (v.words.length < 2) return -1;
    for (i = 0; i < v.words.length; i++) if (!startsAWord(e, tw, ' ' + v.words[i])) return -1;
    return 0;
  }
  function startsAWord(e, tw, w) {
    if (tw.indexOf(w) >= 0) return true;
    for (var i = 0; i < e.names.length; i++) if (e.names[i].w.indexOf(w) >= 0) return true;
    return false;
  }

  // Writing found by its text, below the name classes: days first, then playlists and pages.
  var TEXT_ORDER = { day: 1, playlist: 2, page: 2 };

  // Within a class: more plays first, then by name, days after the rest, newest first (days
  // compare by date, the rest by name: mixing the two would be no order at all, and results
  // already shown would move as more arrive). In the classes below the names (2 and under), a
  // day's plays (its tracks) say nothing about its words: tracks found by their artists keep
  // their plays order, then come days newest first, then playlists and pages by name.
  function order(a, b) {
    if (b.r !== a.r) return b.r - a.r;
    var x = a.e, y = b.e;
    var text = a.r <= 2, gx = text && TEXT_ORDER[x.kind] || 0, gy = text && TEXT_ORDER[y.kind] || 0;
    if (gx !== gy) return gx - gy;
    if (!gx && y.plays !== x.plays) return y.plays - x.plays;
    var dx = x.kind === 'day', dy = y.kind === 'day';
    if (dx !== dy) return dx ? 1 : -1;
    if (dx) return x.path < y.path ? 1 : x.path > y.path ? -1 : 0;
    if (x.key !== y.key) return x.key < y.key ? -1 : 1;
    return x.path < y.path ? -1 : x.path > y.path ? 1 : 0;
  }

  // -> [{ r, e, v }, ...], best first
  function search(entries, query) {
    var vs = variants(query);
    var hits = [];
    if (!vs.length) return hits;
    var names = vs[0].c.length < 2;
    for (var i = 0; i < entries.length; i++) {
      var r = rank(entries[i], vs[0], names), v = vs[0];
      if (vs.length > 1 && r < 6) {
        var r2 = rank(entries[i], vs[1], names);
        if (r2 > r) { r = r2; v = vs[1]; }
      }
      if (r >= 0) hits.push({ r: r, e: entries[i], v: v });
    }
    return hits.sort(order);
  }

  // The folded text with punctuation as single spaces, and for each of its characters the
  // span of the original text it came from, to highlight a match in the original.
  function foldMap(s) {
    var t = '', from = [], to = [], space = true;
    for (var i = 0; i < s.length;) {
      var ch = String.fromCodePoint(s.codePointAt(i)), next = i + ch.length, f = fold(ch);
      if (!f && to.length) to[to.length - 1] = next; // a combining mark joins its letter
      for (var k = 0; k < f.length; k++) {
        var punct = IS_PUNCT.test(f.charAt(k));
        if (punct && space) continue;
        t += punct ? ' ' : f.charAt(k);
        from.push(i);
        to.push(next);
        space = punct;
      }
      i = next;
    }
    return { t: t, from: from, to: to };
  }

  // [[text, highlighted], ...]: the words around the first match in `text`, about 140
  // characters; null when the query is not in the text. `words`: only matches that start a
  // word count ("the" marks "the", not "other").
  function snippet(text, v, words) {
    var m = foldMap(text);
    var needles = [v.p].concat(v.words);
    var at = -1, needle = '';
    function find(from) {
      for (var k = m.t.indexOf(needle, from); k >= 0; k = m.t.indexOf(needle, k + 1)) {
        if (!words || k === 0 || m.t.charAt(k - 1) === ' ') return k;
      }
      return -1;
    }
    for (var i = 0; i < needles.length && at < 0; i++) {
      needle = needles[i];
      if (needle) at = find(0);
    }
    if (at < 0) return null;
    var len = needle.length;
    var a = m.from[at], b = m.to[at + len - 1];
    // Little before the match, so it stays inside the two lines shown on a phone.
    var start = Math.max(0, a - 24), end = Math.min(text.length, b + 120);
    if (start > 0) { var s = text.indexOf(' ', start); start = s >= 0 && s < a ? s + 1 : start; }
    if (end < text.length) { var e = text.lastIndexOf(' ', end); end = e > b ? e : end; }
    var parts = [[(start > 0 ? '\u2026' : '') + text.slice(start, a), false], [text.slice(a, b), true]];
    // Later occurrences inside the window are marked too.
    var cursor = b;
    for (var j = find(at + len); j >= 0; j = find(j + len)) {
      var ja = m.from[j], jb = m.to[j + len - 1];
      if (jb > end) break;
      if (ja < cursor) continue;
      parts.push([text.slice(cursor, ja), false], [text.slice(ja, jb), true]);
      cursor = jb;
    }
    parts.push([text.slice(cursor, end) + (end < text.length ? '\u2026' : ''), false]);
    return parts;
  }

  // A label may hold a placeholder ("{n}개 결과"); otherwise the value is added.
  function fill(label, key, value, before) {
    return label.indexOf(key) >= 0 ? label.replace(key, value) : before ? value + ' ' + label : label + ' ' + value;
  }

  function start(form) {
    var input = form.querySelector('input[name="q"]') || form.querySelector('input');
    var status = document.querySelector('#search-status, .search-status');
    var list = document.querySelector('#search-results, .search-results');
    var more = document.querySelector('#search-more, .search-more');
    if (!input || !status || !list) return;
    function label(n, d) { return form.getAttribute('data-label-' + n) || d; }
    function json(n) { try { return JSON.parse(label(n, '{}')) || {}; } catch (e) { return {}; } }
    var results = label('results', 'results');
    var typeLabels = json('types');
    var playForms = json('plays');
    var indexUrl = form.getAttribute('data-index') || 'search-index.json';
    var base = indexUrl.replace(/[^/]*$/, ''); // the index is at the site root
    var entries = null;
    var byPath = {};
    var kinds = [];
    var textFiles = []; // { url, state: '' | 'loading' | 'done' | 'failed', data }
    var merged = 0; // textFiles[0..<merged] are searched: always the newest, in order
    var want = PAGE; // results the list is to show, once they are settled
    var loading = null;
    var timer = 0;
    var redraw = 0;
    var goFirst = false; // Enter pressed: open the first result when there is one
    var goFirstQuery = ''; // the query Enter was pressed for
    var hits = [];
    var shown = 0; // hits in the list
    var lastQuery = null;

    function say(text) { if (status.textContent !== text) status.textContent = text; }

    function href(path) {
      path = String(path);
      if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return /^https?:/i.test(path) ? path : null;
      return base + path.replace(/^\//, '');
    }

    function kindName(kind) {
      return typeLabels[kind] || kind.charAt(0).toUpperCase() + kind.slice(1);
    }

    function plays(n) {
      return String(n === 1 && playForms.one ? playForms.one : playForms.other || '{n}').replace('{n}', n);
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

    function item(hit) {
      var e = hit.e, url = href(e.path);
      if (url === null) return null;
      var li = el('li', 'search-result search-' + e.kind);
      var a = li.appendChild(el('a'));
      a.href = url;
      a.appendChild(el('span', 'search-type', kindName(e.kind)));
      a.appendChild(document.createTextNode(' '));
      a.appendChild(el('span', 'search-title', e.name));
      var line, parts = hit.r <= 2 && e.text && WRITING[e.kind] ? snippet(e.text, hit.v, hit.r !== 1) : null;
      if (parts) {
        line = el('span', 'search-subtitle search-snippet');
        if (e.date) line.appendChild(el('span', 'search-date', e.date + ' \u00b7 '));
        parts.forEach(function (part) {
          if (part[0]) line.appendChild(part[1] ? el('mark', null, part[0]) : document.createTextNode(part[0]));
        });
      } else {
        var context = e.context;
        if (PLAY_KINDS[e.kind] && e.plays) context = (context ? context + ' \u00b7 ' : '') + plays(e.plays);
        if (context) line = el('span', 'search-subtitle', context);
      }
      if (line) {
        a.appendChild(document.createTextNode(' '));
        a.appendChild(line);
      }
      return li;
    }

    function textLoading() {
      return textFiles.some(function (f) { return f.state === 'loading'; });
    }

    function needsText(q) {
      var vs = variants(q);
      return vs.length > 0 && vs[0].c.length >= 2;
    }

    // Every result there is, for this query: its text is all read, or it searches none.
    function complete(q) { return merged >= textFiles.length || !needsText(q); }

    // How many of the first hits no unread file can change: those found by a name (every name
    // is in the index), then those whose text has the query at a word's start: tracks (their
    // text, their artists, is in the index), then days (an unread day is older than every read
    // one, so it would come after them). Past those, an unread day, playlist or page could
    // still come first.
    function settledCount(q) {
      if (complete(q)) return hits.length;
      var n = 0;
      while (n < hits.length && (hits[n].r >= 3 || (hits[n].r === 2 && !(TEXT_ORDER[hits[n].e.kind] > 1)))) n++;
      return n;
    }

    // "30" when all is known, "30+" while unread files may hold more.
    function count(q) { return complete(q) ? String(hits.length) : hits.length + '+'; }

    // The next file the results wait for could not be read (it is tried again on a new query,
    // on Enter and on "Show more").
    function blocked(q) { return !complete(q) && textFiles[merged].state === 'failed'; }

    function retryFailed() {
      textFiles.forEach(function (f) { if (f.state === 'failed') f.state = ''; });
    }


    // Adds hits[from..<until] to the list; the first added link takes the focus if asked.
    function show(from, until, focus) {
      var frag = document.createDocumentFragment();
      var first = null;
      for (var i = from; i < until; i++) {
        var li = item(hits[i]);
        if (!li) continue;
        frag.appendChild(li);
        if (!first) first = li;
      }
      list.appendChild(frag);
      shown = until;
      if (focus && first) first.querySelector('a').focus();
      if (!more) return;
      more.textContent = '';
      more.hidden = shown >= hits.length && (complete(lastQuery) || !hits.length);
      if (more.hidden) return;
      var button = more.appendChild(el('button', 'search-more-button', label('more', 'Show more')));
      button.type = 'button';
      button.addEventListener('click', function () {
        want = shown + PAGE;
        retryFailed();
        var settled = settledCount(lastQuery);
        if (settled > shown) show(shown, Math.min(settled, want), true);
        if (settled < want && !complete(lastQuery)) {
          loadText();
          later(); // says it is searching; shows the rest once it is read
        }
      });
      more.appendChild(document.createTextNode(' '));
      more.appendChild(el('span', 'search-shown', fill(fill(label('shown', '{shown} of {n} shown'), '{shown}', shown), '{n}', count(lastQuery))));
    }

    function run() {
      clearTimeout(timer);
      var q = input.value.trim();
      syncUrl(q);
      if (!q) {
        goFirst = false;
        hits = [];
        shown = 0;
        lastQuery = '';
        list.textContent = '';
        if (more) more.hidden = true;
        say('');
        return;
      }
      if (!entries) { load(); say(label('loading', 'Loading\u2026')); return; }
      // Keep what "show more" revealed and where the focus is when only more text arrived.
      var again = q === lastQuery;
      if (!again) {
        want = PAGE;
        retryFailed();
      }
      if (goFirst && q !== goFirstQuery) goFirst = false; // Enter was for another query
      var focused = again ? Array.prototype.indexOf.call(list.querySelectorAll('a'), document.activeElement) : -1;
      var onMore = again && more && more.contains(document.activeElement);
      hits = search(entries, q);
      lastQuery = q;
      var settled = settledCount(q);
      if (settled < want && !complete(q)) loadText();
      list.textContent = '';
      show(0, Math.min(settled, again ? Math.max(shown, want) : want), false);
      if (focused >= 0) {
        var links = list.querySelectorAll('a');
        if (links[focused]) links[focused].focus();
      }
      if (onMore && !more.hidden) more.querySelector('button').focus();
      var n = hits.length, failed = blocked(q);
      var text = n ? fill(n === 1 && complete(q) && results === 'results' ? 'result' : results, '{n}', count(q), true)
        : failed || textLoading() ? '' : fill(label('none', 'No results for'), '{q}', '\u201c' + q + '\u201d');
      var notes = [text];
      if (textLoading()) notes.push(label('searching', 'Searching the diary\u2026'));
      if (failed) notes.push(label('text-failed', 'Part of the diary could not be read: press Enter to try again.'));
      say(notes.filter(Boolean).join(' \u00b7 '));
      if (goFirst && !settled && failed) goFirst = false;
      if (goFirst && (settled || (complete(q) && !textLoading()))) {
        goFirst = false;
        var first = list.querySelector('a');
        if (first) location.assign(first.href);
      }
    }

    function later() {
      if (!redraw) redraw = setTimeout(function () { redraw = 0; run(); }, 60);
    }

    function addText(data) {
      (data.text || []).forEach(function (pair) {
        var e = byPath[pair[0]];
        if (e) setText(e, pair[1], true);
      });
    }

    // Searches the files read so far in their order: a file read before an older one waits.
    function mergeText() {
      while (merged < textFiles.length && textFiles[merged].state === 'done') {
        addText(textFiles[merged].data || {});
        textFiles[merged].data = null;
        merged++;
      }
    }

    // Fetches the next text files in their order (newest days first), two at a time; run()
    // asks for more while the results it is to show are not settled.
    function loadText() {
      var busy = textFiles.filter(function (f) { return f.state === 'loading'; }).length;
      for (var i = merged; i < textFiles.length && busy < 2; i++) {
        var file = textFiles[i];
        if (file.state === 'done' || file.state === 'loading') continue;
        if (file.state === 'failed') break; // tried again with the next query
        file.state = 'loading';
        busy++;
        fetchText(file);
      }
    }

    function fetchText(file) {
      fetch(href(file.url))
        .then(function (r) {
          if (!r.ok) throw new Error('HTTP ' + r.status);
          return r.json();
        })
        .then(function (data) { file.data = data; file.state = 'done'; mergeText(); })
        .catch(function () { file.state = 'failed'; })
        .then(later);
    }

    function load() {
      if (loading) return loading;
      loading = fetch(indexUrl)
        .then(function (r) {
          if (!r.ok) throw new Error('HTTP ' + r.status);
          return r.json();
        })
        .then(function (data) {
          kinds = data.kinds || [];
          entries = (data.items || []).map(function (row) { return entry(row, kinds); });
          entries.forEach(function (e) { byPath[e.path] = e; });
          textFiles = (data.text || []).map(function (url) { return { url: String(url), state: '' }; });
          run();
        })
        .catch(function () {
          loading = null; // allow a retry on the next keystroke
          goFirst = false;
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
      goFirstQuery = input.value.trim();
      retryFailed();
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
})();
