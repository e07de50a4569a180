#!/bin/sh
# tests/readme_update.sh: make readme. Rewrites the output shown under each
# "$ bin/smsim ..." command of README.md from a real run (tests/readme.sh
# with UPDATE=1: commands whose output elides with "..." are left alone and
# reported). Review with git diff README.md: the prose around a rewritten
# block may quote numbers that changed with it.
UPDATE=1 exec sh "$(dirname "$0")/readme.sh" "$@"
