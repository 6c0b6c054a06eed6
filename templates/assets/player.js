/* journal: play-all queue over the <audio> of [data-queue] track lists. */
(function () {
  'use strict';

  var EN = { 'play-all': 'Play all', pause: 'Pause', play: 'Play', previous: 'Previous',
    next: 'Next', repeat: 'Repeat', 'now-playing': 'Now playing' };

  function textOf(node) {
    if (!node) return '';
    var c = node.cloneNode(true);
    var n = c.querySelector('.track-number');
    if (n) n.parentNode.removeChild(n);
    return c.textContent.replace(/\s+/g, ' ').trim();
  }

  function el(tag, cls) {
    var e = document.createElement(tag);
    e.className = cls;
    return e;
  }

  function button(cls, keys, icon, name) {
    var b = el('button', cls);
    var i = el('span', 'player-icon');
    b.type = 'button';
    if (keys) b.setAttribute('aria-keyshortcuts', keys);
    i.setAttribute('aria-hidden', 'true');
    b.appendChild(i);
    b.appendChild(el('span', 'player-label'));
    setButton(b, icon, name);
    return b;
  }

  function setButton(b, icon, name) {
    b.firstChild.textContent = icon + ' '; // aria-hidden: not in the name
    b.lastChild.textContent = name;
  }

  function setup(list) {
    var items = list.querySelectorAll('[data-track]');
    var queue = [];
    for (var i = 0; i < items.length; i++) {
      var li = items[i];
      var audio = li.querySelector('audio');
      if (audio) {
        queue.push({ li: li, audio: audio, title: textOf(li.querySelector('.track-title')),
          artist: textOf(li.querySelector('.track-artist')) });
      }
    }
    if (!queue.length) return;

    var L = {}; // data-label-*, else English
    for (var k in EN) L[k] = (list.getAttribute('data-label-' + k) || '').trim() || EN[k];

    var bar = el('div', 'player');
    bar.setAttribute('role', 'group');
    bar.setAttribute('aria-label', L['play-all']);
    var toggle = button('player-toggle', 'Space K', '', '');
    var prev = button('player-prev', 'ArrowLeft J', '\u275A\u25C0\uFE0E', L.previous);
    var next = button('player-next', 'ArrowRight L', '\u25B6\uFE0E\u275A', L.next);
    var rep = button('player-repeat', '', '\u21BB', L.repeat);
    var now = el('p', 'player-now');
    now.setAttribute('aria-live', 'polite');
    [toggle, prev, next, rep, now].forEach(function (c) { bar.appendChild(c); });
    list.parentNode.insertBefore(bar, list);

    var index = -1; // current queue position, -1 = none
    var state = 'stopped'; // or 'playing', 'paused'
    var repeat = false;
    var failures = 0; // load failures since a track ended
    var dir = 1; // which way to skip a track that fails

    function current() { return index >= 0 ? queue[index] : null; }

    function target(step) { // index for Previous/Next, -1 if none
      var n = queue.length;
      var t = index < 0 ? (step > 0 ? 0 : -1) : index + step;
      return t >= 0 && t < n ? t : repeat ? (t + n) % n : -1;
    }

    function render(s) {
      if (s) state = s;
      var playing = state === 'playing';
      bar.setAttribute('data-player-state', state);
      bar.setAttribute('data-player-index', String(index));
      setButton(toggle, playing ? '\u275A\u275A' : '\u25B6\uFE0E',
        playing ? L.pause : state === 'paused' ? L.play : L['play-all']);
      prev.setAttribute('aria-disabled', String(target(-1) < 0));
      next.setAttribute('aria-disabled', String(target(1) < 0));
      rep.setAttribute('aria-pressed', String(repeat));
      list.classList.toggle('is-playing', playing);
    }

    function rewind(a) { if (a.currentTime) a.currentTime = 0; }

    function select(i) {
      if (i === index) return;
      var old = current();
      if (old) {
        old.li.classList.remove('is-current');
        old.li.removeAttribute('aria-current');
      }
      index = i;
      var cur = current();
      if (cur) {
        cur.li.classList.add('is-current');
        cur.li.setAttribute('aria-current', 'true');
      }
      now.textContent = cur ? L['now-playing'] + ': ' + cur.title + (cur.artist ? ' \u2014 ' + cur.artist : '') : '';
      if (old) old.audio.pause();
    }

    function stop() {
      var old = current();
      select(-1);
      if (old) rewind(old.audio);
      render('stopped');
    }

    function playAt(i, fromStart) {
      if (i < 0) { stop(); return; }
      if (i !== index) fromStart = true;
      select(i);
      var a = queue[i].audio;
      if (fromStart) rewind(a);
      render('playing');
      if (queue[i].broken) { fail(i); return; }
      var p = a.play();
      if (p) {
        p.catch(function (err) {
          if (index !== i) return; // superseded (AbortError)
          if (err.name === 'NotSupportedError') fail(i);
          else if (a.paused) render('paused'); // e.g. autoplay policy
        });
      }
    }

    function advance() {
      var t = target(dir);
      if (t < 0) stop(); else playAt(t, true);
    }

    function fail(i) {
      queue[i].broken = true; // a failed element never retries by itself: skip it
      if (i !== index || state !== 'playing') return;
      failures += 1;
      if (failures >= queue.length) stop(); else advance();
    }

    queue.forEach(function (track, i) {
      var a = track.audio;
      a.addEventListener('play', function () {
        if (a.paused) return; // stale event
        select(i);
        render('playing');
        if (track.broken) fail(i);
      });
      a.addEventListener('pause', function () {
        if (i === index && a.paused && state === 'playing') render('paused');
      });
      a.addEventListener('ended', function () {
        if (i === index) { failures = 0; dir = 1; advance(); }
      });
      // Errors of <source> children do not bubble: listen in the capture phase.
      a.addEventListener('error', function (e) {
        var s = e.target;
        if (s !== a) {
          do { s = s.nextElementSibling; } while (s && s.tagName !== 'SOURCE');
          if (s) return; // another source is still to be tried
        }
        fail(i);
      }, true);
    });

    toggle.addEventListener('click', function () {
      if (state === 'playing') {
        var c = current();
        render('paused');
        if (c) c.audio.pause();
      } else {
        dir = 1;
        playAt(index < 0 ? 0 : index, false);
      }
    });
    function move(step) {
      var t = target(step);
      if (t >= 0) { failures = 0; dir = step; playAt(t, true); }
    }
    prev.addEventListener('click', function () { move(-1); });
    next.addEventListener('click', function () { move(1); });
    rep.addEventListener('click', function () { repeat = !repeat; render(); });

    var KEYS = { ' ': toggle, Spacebar: toggle, k: toggle, ArrowLeft: prev, j: prev, ArrowRight: next, l: next };
    function key(e) {
      var k = e.key || '';
      var t = e.target;
      return e.altKey || e.ctrlKey || e.metaKey || t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)
        ? null : KEYS[k.length === 1 ? k.toLowerCase() : k];
    }
    bar.addEventListener('keydown', function (e) {
      var b = key(e);
      if (!b || e.defaultPrevented) return;
      e.preventDefault(); // also keeps Space from activating the focused button
      if (!e.repeat) b.click();
    });
    bar.addEventListener('keyup', function (e) {
      if (key(e) === toggle) e.preventDefault();
    });

    render();
  }

  function init() {
    // Only one audio plays at a time on the whole page ('play' does not bubble).
    document.addEventListener('play', function (e) {
      if (e.target.paused) return; // stale: paused again since
      var m = document.querySelectorAll('audio, video');
      for (var i = 0; i < m.length; i++) if (m[i] !== e.target && !m[i].paused) m[i].pause();
    }, true);
    var lists = document.querySelectorAll('[data-queue]');
    for (var i = 0; i < lists.length; i++) setup(lists[i]);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
