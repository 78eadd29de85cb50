"""Reads a flange-sim .mat result with SciPy (an independent reader of MAT v4) and checks it
against the CSV of the same run: every matrix of Dymola's trajectory layout is there with the
shape the format gives, and every CSV column comes back with the same values, through its
dataInfo entry (data set, signed column). Prints what it found; exits 1 on a mismatch.
    mat_results.py OUT.mat OUT.csv [--negated N] [--own-column A B] [--parameter NAME=VALUE]
                   [--description NAME=TEXT]...
"""
import sys

import numpy as np
import scipy.io


def text_rows(matrix):  # a text matrix stored transposed: one string per column
    return ["".join(matrix[:, j]).rstrip(" \0") for j in range(matrix.shape[1])]


def main(argv):
    mat_path, csv_path = argv[1], argv[2]
    options = argv[3:]
    m = scipy.io.loadmat(mat_path, chars_as_strings=False)
    failures = []

    def check(condition, what):
        if not condition:
            failures.append(what)

    for key in ("Aclass", "name", "description", "dataInfo", "data_1", "data_2"):
        check(key in m, "matrix %s missing" % key)
    if failures:
        print("\n".join(failures))
        return 1
    aclass = ["".join(row).rstrip(" \0") for row in m["Aclass"]]
    check(aclass == ["Atrajectory", "1.1", "", "binTrans"], "Aclass is %s" % aclass)
    names = text_rows(m["name"])
    descriptions = text_rows(m["description"])
    info = m["dataInfo"]
    data_1, data_2 = m["data_1"], m["data_2"]
    check(info.dtype == np.int32 and info.shape == (4, len(names)), "dataInfo is %s %s" % (info.dtype, info.shape))
    check(len(descriptions) == len(names), "%d descriptions for %d names" % (len(descriptions), len(names)))
    check(data_1.shape[1] == 2, "data_1 has %d columns, not 2 (start and end)" % data_1.shape[1])
    check(names[0] == "time" and list(info[:, 0]) == [0, 1, 0, -1], "time is %s %s" % (names[0], info[:, 0]))

    header = open(csv_path).readline().strip().split(",")
    header = [h.strip('"') for h in header]
    csv = np.loadtxt(csv_path, delimiter=",", skiprows=1, ndmin=2)
    check(data_2.shape[1] == csv.shape[0], "data_2 has %d rows of time, the CSV %d" % (data_2.shape[1], csv.shape[0]))
    check(np.array_equal(data_2[0], csv[:, 0]), "data_2's time differs from the CSV's")
    check(data_1[0, 0] == csv[0, 0] and data_1[0, 1] == csv[-1, 0], "data_1's time is %s" % data_1[0])
    index = {n: j for j, n in enumerate(names)}

    def values(name):
        j = index[name]
        data_set, column = info[0, j], info[1, j]
        sign = -1.0 if column < 0 else 1.0
        check(data_set in (1, 2), "%s: data set %d" % (name, data_set))
        if data_set == 1:
            check(data_1[abs(column) - 1, 0] == data_1[abs(column) - 1, 1], name + ": data_1 start and end differ")
            return np.full(data_2.shape[1], sign * data_1[abs(column) - 1, 0])
        return sign * data_2[abs(column) - 1]

    for c, name in enumerate(header[1:], start=1):
        if name not in index:
            check(False, "%s is not in the file" % name)
            continue
        check(np.array_equal(values(name), csv[:, c]), "%s differs from the CSV" % name)
    negated = int(np.sum(info[1] < 0))
    print("%d names, %d columns in data_2, %d in data_1, %d negated aliases, %d rows"
          % (len(names), data_2.shape[0], data_1.shape[0], negated, data_2.shape[1]))
    i = 0
    while i < len(options):
        option = options[i]
        if option == "--negated":  # aliases stored once, at least N of them negated
            check(negated >= int(options[i + 1]), "only %d negated aliases" % negated)
            check(data_2.shape[0] < len(header), "aliases are not stored once: %d columns for %d signals"
                  % (data_2.shape[0], len(header)))
            i += 2
        elif option == "--own-column":  # an alias with an offset: not the other's column
            a, b = options[i + 1], options[i + 2]
            check(info[0, index[a]] == 2 and info[0, index[b]] == 2 and abs(info[1, index[a]]) != abs(info[1, index[b]]),
                  "%s and %s share a column: %s %s" % (a, b, info[:, index[a]], info[:, index[b]]))
            i += 3
        elif option == "--parameter":
            name, value = options[i + 1].split("=")
            check(name in index and info[0, index[name]] == 1 and values(name)[0] == float(value),
                  "parameter %s is not %s in data_1" % (name, value))
            i += 2
        elif option == "--description":
            name, text = options[i + 1].split("=", 1)
            check(name in index and descriptions[index[name]] == text,
                  "%s is described as '%s', not '%s'" % (name, descriptions[index.get(name, 0)], text))
            i += 2
        else:
            raise SystemExit("unknown option " + option)
    if failures:
        print("\n".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
