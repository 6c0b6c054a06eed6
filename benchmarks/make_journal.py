#!/usr/bin/env python3
"""Write a synthetic listening journal, for the gates and the benchmarks.

  python3 benchmarks/make_journal.py OUT [--days 3653] [--start 2016-01-01] [--seed 7]
                                         [--playlists P] [--hugo] [--covers C]

OUT gets `journal.yaml`, `content/diary/YYYY/MM/YYYY-MM-DD.md` (about 88% of the DAYS days from
--start are logged, 1 to 3 tracks a day drawn from a skewed catalogue, a Markdown body of one to
four paragraphs) and `content/playlists/playlist-NNNN.md` (DAYS / 20 of them, at least 3, unless
--playlists; 8 to 40 tracks each). Artists, titles and albums are made of Latin syllables or
Hangul words; genres and plays are skewed, so a few artists and songs are played far more than
the rest, as in a real journal. The journal builds with `journal build --strict` and no warning.

--hugo also writes `OUT/hugo-site/`, a Hugo site over the same Markdown (each file plus the two
front matter lines Hugo needs for its taxonomies) doing comparable work: a page per day with its
tracks, month sections, genre and artist taxonomy pages. Build it with
`hugo --buildFuture -s OUT/hugo-site -d DIR`.

--covers C also writes C album covers as JPEG files, `OUT/static/artwork/cover-NNNN.jpg`, a third
each at 600, 1200 and 3000 pixels square (about 65 KB, 250 KB and 1.5 MB: a gradient, discs and
grain, so they compress like photographs), as people save them from streaming services and music
libraries, and every track names its album's cover as `artwork:`. Apart from those lines the
journal is the one the same command without --covers writes. Needs Pillow.

Deterministic: the same arguments write the same bytes, whatever the time zone, locale or clock
(every choice comes from a `random.Random` seeded with --seed; dates are computed, never read).
Standard library only, and Pillow for --covers.
"""
import argparse
import datetime
import os
import random
import statistics
import zlib

GENRES = ["K-Pop", "Indie Rock", "Hip-Hop", "R&B", "Jazz", "Classical", "Electronic", "Ambient",
          "Folk", "Metal", "Punk", "Soul", "Funk", "Blues", "Country", "Reggae", "Latin", "J-Pop",
          "City Pop", "Shoegaze", "Trip-Hop", "House", "Techno", "Disco", "Soundtrack"]
# Genres are drawn with weight 1 / rank: K-Pop is the commonest, Soundtrack the rarest.
GENRE_WEIGHTS = [1 / rank for rank in range(1, len(GENRES) + 1)]
SYLLABLES = ["ka", "ri", "no", "mu", "lo", "sa", "te", "ven", "dor", "el", "an", "is", "ul", "ba", "zen", "qi"]
HANGUL = ["하늘", "바다", "밤", "별", "노래", "여름", "겨울", "기억", "꿈", "빛"]
WORDS = ["listened", "walked", "rain", "morning", "quiet", "loud", "bus", "train", "coffee", "window",
         "light", "night", "chorus", "bass", "drums", "verse", "bridge", "memory", "city", "river",
         "summer", "winter", "friend", "alone", "together", "slow", "fast"]
# English names, not the locale's: a day's title must not change with LC_TIME.
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
COVER_SIDES = (600, 1200, 3000)

CONFIG = """title: Synthetic Journal
base_url: https://example.org/
language: en
week_start: monday
max_tracks_per_day: 3
"""


# ---------------------------------------------------------------------------------------------
# Names and text


def made_up_name(rng, words):
    """`words` capitalised words of two or three syllables each: `Kazen Rimu`."""
    return " ".join("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()
                    for _ in range(words))


def hangul_pair(rng, separator):
    """Two Hangul words: `하늘바다`, `밤 별`."""
    return rng.choice(HANGUL) + separator + rng.choice(HANGUL)


def quoted(text):
    """A YAML double-quoted scalar."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def day_title(day):
    """`Friday 01 January 2016`, in English whatever the locale."""
    return f"{WEEKDAYS[day.weekday()]} {day.day:02d} {MONTHS[day.month - 1]} {day.year}"


def paragraph(rng):
    """A sentence of 20 to 70 diary words, one of them in italics."""
    words = [rng.choice(WORDS) for _ in range(rng.randint(20, 70))]
    words[rng.randrange(len(words))] = "*" + rng.choice(WORDS) + "*"
    return " ".join(words).capitalize() + "."


def body(rng):
    """A Markdown body: one to four paragraphs, sometimes a three-item list, sometimes a link."""
    blocks = [paragraph(rng) for _ in range(rng.randint(1, 4))]
    if rng.random() < 0.3:
        blocks.append("\n".join(f"- {rng.choice(WORDS)} {rng.choice(WORDS)}" for _ in range(3)))
    if rng.random() < 0.2:
        blocks.append(f"[a link](https://example.org/{rng.choice(WORDS)})")
    return "\n\n".join(blocks) + "\n"


# ---------------------------------------------------------------------------------------------
# The catalogue


def skewed_index(rng, count, alpha):
    """An index below `count` from a Pareto distribution: 0 most often, then 1, and a long tail."""
    return min(count - 1, int(rng.paretovariate(alpha)) - 1)


def make_artists(rng, count):
    """`count` artists as (name, genre): 85% Latin names of one or two words, the rest Hangul."""
    artists = []
    for _ in range(count):
        name = made_up_name(rng, rng.randint(1, 2)) if rng.random() >= 0.15 else hangul_pair(rng, "")
        artists.append((name, rng.choices(GENRES, weights=GENRE_WEIGHTS)[0]))
    return artists


def make_catalogue(rng, artists):
    """Six songs an artist, as dicts. 60% of the songs go to the first artists (Pareto), so a
    few artists have many songs; 20% of the titles are Hangul."""
    songs = []
    for _ in range(6 * len(artists)):
        if rng.random() < 0.6:
            artist, genre = artists[skewed_index(rng, len(artists), 1.1)]
        else:
            artist, genre = rng.choice(artists)
        title = made_up_name(rng, rng.randint(1, 3)) if rng.random() >= 0.2 else hangul_pair(rng, " ")
        songs.append({
            "title": title,
            "artist": artist,
            "album": made_up_name(rng, 2),
            "genre": genre,
            "duration": f"{rng.randint(2, 6)}:{rng.randint(0, 59):02d}",
            "released": rng.randint(1965, 2026),
        })
    return songs


def pick_song(rng, catalogue):
    """Half the plays go to the first songs of the catalogue (Pareto), half anywhere."""
    if rng.random() < 0.5:
        return catalogue[skewed_index(rng, len(catalogue), 0.9)]
    return rng.choice(catalogue)


def tracks_yaml(songs, covers):
    """A `tracks:` list. With `covers`, each song names its album's cover (chosen by a CRC-32 of
    the album's name, so the same album always has the same one)."""
    lines = ["tracks:"]
    for song in songs:
        lines += [f"  - title: {quoted(song['title'])}",
                  f"    artist: {quoted(song['artist'])}",
                  f"    album: {quoted(song['album'])}"]
        if covers:
            lines.append(f"    artwork: /artwork/cover-{zlib.crc32(song['album'].encode()) % covers:04d}.jpg")
        lines += [f"    genre: {quoted(song['genre'])}",
                  f"    duration: \"{song['duration']}\"",
                  f"    released: {song['released']}",
                  "    links:",
                  f"      apple_music: https://music.apple.com/song/{zlib.crc32(song['title'].encode()) % 10**9}"]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Files


def write(path, text):
    """Writes `text` as UTF-8 with `\\n` line ends, making the folders on the way."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def write_days(rng, out, catalogue, start, days, covers, hugo):
    """The diary: each of `days` days from `start` is logged with probability 0.88, with 1, 2 or
    3 plays (3 twice as often as the others), tags on 30% of them and a body."""
    for offset in range(days):
        day = start + datetime.timedelta(days=offset)
        if rng.random() < 0.12:
            continue
        plays = [pick_song(rng, catalogue) for _ in range(rng.choice([1, 2, 3, 3]))]
        head = f"---\ndate: {day.isoformat()}\ntitle: {quoted(day_title(day))}\n"
        if rng.random() < 0.3:
            head += f"tags: [{rng.choice(WORDS)}, {rng.choice(WORDS)}]\n"
        rest = tracks_yaml(plays, covers) + "---\n" + body(rng)
        relative = os.path.join("content", "diary", f"{day.year:04d}", f"{day.month:02d}", f"{day.isoformat()}.md")
        write(os.path.join(out, relative), head + rest)
        if hugo:
            taxonomies = (f"genres: [{', '.join(quoted(song['genre']) for song in plays)}]\n"
                          f"artists: [{', '.join(quoted(song['artist']) for song in plays)}]\n")
            write(os.path.join(out, "hugo-site", relative), head + taxonomies + rest)


def write_playlists(rng, out, catalogue, start, days, count, covers, hugo):
    """`count` playlists of 8 to 40 songs, each created on a day of the journal."""
    for number in range(count):
        songs = [rng.choice(catalogue) for _ in range(rng.randint(8, 40))]
        title = made_up_name(rng, 2)
        description = " ".join(rng.choice(WORDS) for _ in range(8))
        created = start + datetime.timedelta(days=rng.randrange(max(1, days)))
        text = (f"---\ntitle: {quoted(title)}\ndescription: {quoted(description)}\ncreated: {created.isoformat()}\n"
                + tracks_yaml(songs, covers) + "---\n" + body(rng))
        relative = os.path.join("content", "playlists", f"playlist-{number:04d}.md")
        write(os.path.join(out, relative), text)
        if hugo:
            write(os.path.join(out, "hugo-site", relative), text)


def write_covers(folder, count, seed):
    """`count` JPEG covers, `cover-NNNN.jpg`, sides cycling through COVER_SIDES. Each is drawn
    small (a diagonal gradient between two colours and a few discs, blurred), enlarged, and
    blended with grey Gaussian grain (sigma 28) at 12%, so it compresses like a photograph. Each
    cover has a generator of its own, seeded by --seed and its number, and the grain is drawn
    from it too (not from Pillow's noise, which uses the C library's generator)."""
    from PIL import Image, ImageDraw, ImageFilter

    os.makedirs(folder, exist_ok=True)
    small = 300
    # Uniform bytes to Gaussian grain around 128: the inverse of the normal distribution.
    normal = statistics.NormalDist(128, 28)
    grain_levels = [max(0, min(255, round(normal.inv_cdf((level + 0.5) / 256)))) for level in range(256)]
    for number in range(count):
        rng = random.Random(f"cover {seed} {number}")
        side = COVER_SIDES[number % len(COVER_SIDES)]
        first, last = [tuple(rng.randrange(256) for _ in range(3)) for _ in range(2)]
        ramp = [bytes(int(first[k] * (1 - step / (2 * small)) + last[k] * step / (2 * small)) for k in range(3))
                for step in range(2 * small)]
        picture = Image.frombytes("RGB", (small, small), b"".join(b"".join(ramp[y:y + small]) for y in range(small)))
        draw = ImageDraw.Draw(picture)
        for _ in range(rng.randint(3, 9)):
            x, y, radius = rng.randrange(small), rng.randrange(small), rng.randint(10, 90)
            draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=tuple(rng.randrange(256) for _ in range(3)))
        picture = picture.filter(ImageFilter.GaussianBlur(2)).resize((side, side), Image.BICUBIC)
        grain = Image.frombytes("L", (side, side), rng.randbytes(side * side)).point(grain_levels).convert("RGB")
        Image.blend(picture, grain, 0.12).save(os.path.join(folder, f"cover-{number:04d}.jpg"), "JPEG", quality=90)


HUGO_FILES = {
    "hugo.yaml": """baseURL: https://example.org/
title: Synthetic Journal
taxonomies:
  genre: genres
  artist: artists
  tag: tags
disableKinds: [RSS]
markup:
  goldmark:
    renderer:
      unsafe: false
""",
    "layouts/_default/baseof.html":
        '<!doctype html><html lang=en><head><meta charset=utf-8><title>{{ .Title }}</title></head>'
        '<body><main>{{ block "main" . }}{{ end }}</main></body></html>\n',
    # A day: its tracks (as journal's day page lists them), its text, the days before and after.
    "layouts/_default/single.html":
        '{{ define "main" }}<h1>{{ .Title }}</h1><ol>{{ range .Params.tracks }}<li><b>{{ .title }}</b> — {{ .artist }}'
        ' <i>{{ .album }}</i> <span>{{ .genre }}</span> {{ .duration }} <a href="{{ .links.apple_music }}">Apple Music</a></li>{{ end }}</ol>'
        '{{ .Content }}{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">prev</a>{{ end }}'
        '{{ with .NextInSection }}<a href="{{ .RelPermalink }}">next</a>{{ end }}{{ end }}\n',
    "layouts/_default/list.html":
        '{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}\n',
    "layouts/_default/terms.html":
        '{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Data.Terms.ByCount }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> {{ .Count }}</li>{{ end }}</ul>{{ end }}\n',
    "layouts/index.html":
        '{{ define "main" }}<h1>{{ .Site.Title }}</h1><ul>{{ range first 30 (where .Site.RegularPages "Section" "diary") }}'
        '<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}\n',
}


# ---------------------------------------------------------------------------------------------
# Main


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", help="the folder to write the journal into")
    parser.add_argument("--days", type=int, default=3653, help="days from --start (3653: ten years)")
    parser.add_argument("--start", default="2016-01-01", help="the first day, YYYY-MM-DD")
    parser.add_argument("--seed", type=int, default=7, help="seed of every choice")
    parser.add_argument("--playlists", type=int, default=None, help="playlists to write (default DAYS / 20, at least 3)")
    parser.add_argument("--hugo", action="store_true", help="also write OUT/hugo-site, a Hugo site over the same Markdown")
    parser.add_argument("--covers", type=int, default=0, help="also write this many JPEG covers and name them (needs Pillow)")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    start = datetime.date.fromisoformat(args.start)
    artists = make_artists(rng, max(40, args.days // 4))
    catalogue = make_catalogue(rng, artists)

    write(os.path.join(args.out, "journal.yaml"), CONFIG)
    if args.covers:
        write_covers(os.path.join(args.out, "static", "artwork"), args.covers, args.seed)
    write_days(rng, args.out, catalogue, start, args.days, args.covers, args.hugo)
    playlists = args.playlists if args.playlists is not None else max(3, args.days // 20)
    write_playlists(rng, args.out, catalogue, start, args.days, playlists, args.covers, args.hugo)
    if args.hugo:
        for relative, text in HUGO_FILES.items():
            write(os.path.join(args.out, "hugo-site", relative), text)


if __name__ == "__main__":
    main()
