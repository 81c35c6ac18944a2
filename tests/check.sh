# breakshot: the shell tests' harness, the counterpart of check.h. A test
# script sources it, groups its checks between `begin NAME` and `end` (which
# prints "ok   NAME" or "FAIL NAME"), and ends by printing
# "$passed passed, $failed failed".

passed=0
failed=0
current=""
current_failures=0

begin() { # begin NAME
	current=$1
	current_failures=0
}

check() { # check DESCRIPTION COMMAND...: the command must succeed
	description=$1
	shift
	if ! "$@"; then
		echo "  $current: $description" >&2
		current_failures=$((current_failures + 1))
	fi
}

end() {
	if [ "$current_failures" -eq 0 ]; then
		passed=$((passed + 1))
		echo "ok   $current"
	else
		failed=$((failed + 1))
		echo "FAIL $current"
	fi
}

contains() { # contains FILE TEXT
	grep -F -q -- "$2" "$1"
}
