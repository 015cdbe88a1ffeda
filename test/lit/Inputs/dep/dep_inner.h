int dep_twice(int x) { return 2 * x; }
