"""fastpath: the normalization engine. Pure functions, no I/O, nothing of HTTP.

It owns the way from one raw point-of-sale record to one standardized product:

    provider adapter (providers/)   raw record -> RawFields (what the POS said, as text)
    taxonomy / classify             category, subcategory, strain type, tags
    weight, potency                 text -> grams, % and mg (Cython with pure-Python twins)
    brands                          name fold and trigram matcher (Cython with a twin)
    names                           display name cleaner
    identity                        uuid/sku keys against known products
    normalize                       the pipeline that ties them together

Hot modules come in pairs: ``_x.pyx`` (compiled) and ``x_py.py`` (the twin, same names and behaviour);
``x.py`` picks one through ``fastpath._select`` (``MENUDEX_IMPLEMENTATION=cython|python``).
"""

from fastpath._compiled import install_guard

# Modules imported from source although a compiled build exists (edited since the build, or
# MENUDEX_IMPLEMENTATION=python): see fastpath._compiled.
FROM_SOURCE = install_guard()
