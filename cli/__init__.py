"""The command-line shell of berserk-judge: click commands that wire options to the core.

Only this room touches files, terminals and exit codes.
"""
