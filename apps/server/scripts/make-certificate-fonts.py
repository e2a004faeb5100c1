#!/usr/bin/env python3
"""
Makes the fonts the server's PDFs are set in (apps/server/src/platform/pdf/fonts/: the course
certificate and the printable gift certificate),
ONCE, by hand; the results are committed with their OFL licences and this script is never run at
install or start-up.

The PDF library embeds TrueType outlines; the site's fonts are variable WOFF2 files (one file per
family, Latin and Cyrillic: apps/web/src/assets/fonts/). This pins each variable font at the weight
the certificate uses and writes a static TTF with the same glyphs:
  - cormorant-garamond-semibold.ttf  (600) the heading, the learner's name and the course title
  - manrope-regular.ttf              (400) the running text
  - manrope-semibold.ttf             (600) the date and the code

Needs fontTools (Debian: python3-fonttools python3-brotli). Run from the repository root:
    /usr/bin/python3 apps/server/scripts/make-certificate-fonts.py
"""
import os
import shutil

from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB_FONTS = os.path.join(ROOT, '..', 'web', 'src', 'assets', 'fonts')
OUT = os.path.join(ROOT, 'src', 'platform', 'pdf', 'fonts')

INSTANCES = [
    ('cormorant-garamond', 'Cormorant Garamond', 600, 'cormorant-garamond-semibold.ttf', 'SemiBold'),
    ('manrope', 'Manrope', 400, 'manrope-regular.ttf', 'Regular'),
    ('manrope', 'Manrope', 600, 'manrope-semibold.ttf', 'SemiBold'),
]


def main():
    os.makedirs(OUT, exist_ok=True)
    for family, family_name, weight, out_name, style in INSTANCES:
        font = TTFont(os.path.join(WEB_FONTS, f'{family}.woff2'))
        static = instancer.instantiateVariableFont(font, {'wght': weight}, updateFontNames=False)
        static.flavor = None
        # The names say which instance this is (PDF viewers list the embedded font by them).
        name_table = static['name']
        for name_id in (16, 17):
            name_table.removeNames(nameID=name_id)
        name_table.setName(family_name if style == 'Regular' else f'{family_name} {style}', 1, 3, 1, 0x409)
        name_table.setName('Regular', 2, 3, 1, 0x409)
        name_table.setName(family_name, 16, 3, 1, 0x409)
        name_table.setName(style, 17, 3, 1, 0x409)
        name_table.setName(f'{family_name} {style}', 4, 3, 1, 0x409)
        name_table.setName(f'{family_name.replace(" ", "")}-{style}', 6, 3, 1, 0x409)
        static['OS/2'].usWeightClass = weight
        path = os.path.join(OUT, out_name)
        static.save(path)
        print(f'{out_name}: {os.path.getsize(path)} bytes, {len(static.getBestCmap())} characters')
    for family in ('cormorant-garamond', 'manrope'):
        shutil.copyfile(os.path.join(WEB_FONTS, f'{family}.LICENSE.txt'), os.path.join(OUT, f'{family}.LICENSE.txt'))


if __name__ == '__main__':
    main()
