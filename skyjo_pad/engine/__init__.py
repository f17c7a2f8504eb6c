"""The rules of SKYJO as pure Python: standard library only, no I/O, no globals.

See README.md in this folder. The score pad, the digital table, the bots and the
replay command all play by these modules.
"""
