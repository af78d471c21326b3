"""Hsieh (1997) Chapter 4: MPEG video delivery with CBR, PCBR and PDCBR."""
