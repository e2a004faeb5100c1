#!/usr/bin/env python3
"""
Builds the two web fonts of the first paint (apps/web/src/assets/fonts/) and prints the metrics of
their local fallbacks (the @font-face rules in src/fonts.css).

Fontsource ships each variable font as one file per script subset, so a Russian page needed both
the Latin file (digits, punctuation, the brand name) and the Cyrillic one of each family. This joins
the Latin and Cyrillic subsets of one variable font (same source, same axes) into one file: the
Cyrillic glyphs, their outlines, widths and variations are added to the Latin file and mapped.
The Latin file's layout tables (kerning) are kept; the few Cyrillic kerning pairs are not.

Needs fontTools (Debian: python3-fonttools python3-brotli). Run from the repository root after
changing a font package, and commit the result:
    /usr/bin/python3 apps/web/scripts/merge-font-subsets.py
"""
import hashlib
import os
import sys

from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = os.path.join(ROOT, '..', '..', 'node_modules', '@fontsource-variable')
OUT = os.path.join(ROOT, 'src', 'assets', 'fonts')

FONTS = [
    ('manrope', 'manrope/files/manrope-{}-wght-normal.woff2'),
    ('cormorant-garamond', 'cormorant-garamond/files/cormorant-garamond-{}-wght-normal.woff2'),
]

# The local fonts the fallbacks stand on: Arial and Times New Roman, or their metric twins.
FALLBACKS = {
    'sans': '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
    'serif': '/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf',
}

# Letters weighted roughly by use in the shop's three languages, for the average advance width.
SAMPLE = (
    'оеаинтсрвлкмдпуяыьгзбчйхжшюцщэфъё ОЕАИНТСРВЛКМДПУЯ '
    'etaoinshrdlucmfwypvbgkjqxz ETAOINSHRDLUCMFWYPVBGKJQXZ 0123456789 '
    'áéíóúñ ¿¡ ,.-'
)


def merge(latin_path, cyrillic_path):
    base, other = TTFont(latin_path), TTFont(cyrillic_path)
    order = base.getGlyphOrder()
    new = [name for name in other.getGlyphOrder() if name not in set(order)]
    for name in new:
        base['glyf'].glyphs[name] = other['glyf'][name]
        base['hmtx'].metrics[name] = other['hmtx'].metrics[name]
        base['gvar'].variations[name] = other['gvar'].variations.get(name, [])
    order = order + new
    base.setGlyphOrder(order)
    base['glyf'].glyphOrder = order
    for name in new:
        glyph = base['glyf'][name]
        if glyph.isComposite():
            for component in glyph.components:
                if component.glyphName not in base['glyf'].glyphs:
                    sys.exit(f'{name} uses {component.glyphName}, which neither subset has')
    for table in base['cmap'].tables:
        if not table.isUnicode():
            continue
        for source in other['cmap'].tables:
            if source.isUnicode() and source.format == table.format:
                for codepoint, name in source.cmap.items():
                    table.cmap.setdefault(codepoint, name)
    # Without HVAR, advance widths vary through the phantom points gvar already carries.
    if 'HVAR' in base:
        del base['HVAR']
    base['maxp'].numGlyphs = len(order)
    base['post'].formatType = 3.0
    base.flavor = 'woff2'
    return base


def average_width(font):
    cmap = font.getBestCmap()
    widths = [font['hmtx'][cmap[ord(ch)]][0] for ch in SAMPLE if ord(ch) in cmap]
    return sum(widths) / len(widths) / font['head'].unitsPerEm


def fallback_metrics(font, local_path):
    local = TTFont(local_path)
    size_adjust = average_width(font) / average_width(local)
    upm = font['head'].unitsPerEm
    hhea = font['hhea']
    scale = upm * size_adjust
    return {
        'size-adjust': f'{size_adjust * 100:.2f}%',
        'ascent-override': f'{hhea.ascent / scale * 100:.2f}%',
        'descent-override': f'{abs(hhea.descent) / scale * 100:.2f}%',
        'line-gap-override': f'{hhea.lineGap / scale * 100:.2f}%',
    }


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        if name.endswith('.woff2'):
            os.remove(os.path.join(OUT, name))
    for family, pattern in FONTS:
        font = merge(os.path.join(MODULES, pattern.format('latin')), os.path.join(MODULES, pattern.format('cyrillic')))
        path = os.path.join(OUT, f'{family}.woff2')
        font.save(path)
        with open(path, 'rb') as file:
            digest = hashlib.sha256(file.read()).hexdigest()[:8]
        kind = 'serif' if 'cormorant' in family else 'sans'
        metrics = fallback_metrics(TTFont(path), FALLBACKS[kind])
        print(f'{family}.woff2  {os.path.getsize(path)} bytes  sha256 {digest}')
        print('  fallback on', os.path.basename(FALLBACKS[kind]), '; '.join(f'{k}: {v}' for k, v in metrics.items()))


main()
