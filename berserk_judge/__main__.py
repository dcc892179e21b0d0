"""`python -m berserk_judge …` is the `berserk-judge` command."""
from berserk_judge.cli.main import main

if __name__ == "__main__":
    main()
