// The Slurm side of a sweep on a cluster (slurm_sweep.hpp): the array-job script it
// submits and what it reads back from scontrol and squeue.
#include "engine/sweep/slurm_sweep.hpp"

#include "engine/error.hpp"

#include <regex>
#include <set>
#include <sstream>

namespace flange::sweep {

namespace fs = std::filesystem;

namespace {

// A word for a POSIX shell: single quotes, each ' written as '\''.
std::string shellQuote(const std::string& text)
{
    std::string out = "'";
    for (char c : text) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    return out + "'";
}

} // namespace

std::string arrayJobScript(const fs::path& dir, const SlurmSetup& setup, const Batch& batch)
{
    const std::string b = std::to_string(batch.number);
    std::string s = "#!/bin/bash\n";
    s += "# A Flange sweep as a Slurm array job: batch " + b + ", " + std::to_string(batch.runs.size()) +
         " runs of the plan in " + std::to_string(batch.tasks) + " tasks (written by flange-sim " +
         setup.flangeVersion + ").\n";
    s += "# Each task runs its slice of DIR/batch-" + b +
         ".runs with flange-sim sweep-chunk and writes DIR/tasks/runs-" + b + "-<task>.csv,\n";
    s += "# its messages to task-" + b + "-<task>.log and, when flange-sim returned, its exit status to task-" + b +
         "-<task>.done.\n";
    s += "# The compute nodes must reach the sweep folder, the model and flange-sim at the paths below:\n";
    s += "# a file system shared with the submitting machine, and the flange .deb (version " + setup.flangeVersion +
         ") installed on every node.\n";
    s += "#SBATCH --job-name=flange-sweep\n";
    s += "#SBATCH --array=0-" + std::to_string(batch.tasks - 1) + "\n";
    s += "#SBATCH --ntasks=1\n";
    s += "#SBATCH --cpus-per-task=1\n";
    s += "#SBATCH --output=/dev/null\n";
    if (!setup.slurm.partition.empty())
        s += "#SBATCH --partition=" + setup.slurm.partition + "\n";
    if (!setup.slurm.account.empty())
        s += "#SBATCH --account=" + setup.slurm.account + "\n";
    if (!setup.slurm.timeLimit.empty())
        s += "#SBATCH --time=" + setup.slurm.timeLimit + "\n";
    s += "set -u\n";
    s += "sweep=" + shellQuote(fs::absolute(dir).lexically_normal().string()) + "\n";
    s += "flange_sim=" + shellQuote(setup.flangeSim) + "\n";
    s += "task=${SLURM_ARRAY_TASK_ID:?submit this script with sbatch: it is an array job}\n";
    s += "exec > \"$sweep/tasks/task-" + b + "-$task.log\" 2>&1\n";
    s += "\"$flange_sim\" sweep-chunk \"$sweep\" --batch " + b +
         " --task \"$task\" --jobs \"${SLURM_CPUS_PER_TASK:-1}\"\n";
    s += "status=$?\n";
    s += "echo \"$status\" > \"$sweep/tasks/task-" + b + "-$task.done\"\n";
    s += "exit \"$status\"\n";
    return s;
}

std::optional<size_t> parseMaxArraySize(const std::string& text)
{
    static const std::regex line(R"((?:^|\n)\s*MaxArraySize\s*=\s*(\d+))");
    std::smatch m;
    if (!std::regex_search(text, m, line))
        return std::nullopt;
    return static_cast<size_t>(std::stoull(m[1].str()));
}

std::map<std::string, std::map<size_t, std::string>> parseSqueue(const std::string& text)
{
    std::map<std::string, std::map<size_t, std::string>> jobs;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string job, task, state;
        if (!(fields >> job >> task >> state))
            continue;
        if (task.find_first_not_of("0123456789") != std::string::npos) // "N/A": not an array job
            continue;
        jobs[job][static_cast<size_t>(std::stoull(task))] = state;
    }
    return jobs;
}

bool stillQueued(const std::string& state)
{
    // Slurm's job states; squeue shows an ended job's tasks for MinJobAge seconds.
    static const std::set<std::string> ended = {"COMPLETED", "FAILED",        "CANCELLED", "TIMEOUT",
                                                "NODE_FAIL", "OUT_OF_MEMORY", "PREEMPTED", "BOOT_FAIL",
                                                "DEADLINE",  "REVOKED",       "SPECIAL_EXIT"};
    return !ended.count(state);
}

void checkSlurmValue(const std::string& option, const std::string& value)
{
    static const std::regex allowed(R"([A-Za-z0-9_.:,+\-]+)");
    if (!std::regex_match(value, allowed))
        throw badInput(option + " '" + value + "': only letters, digits and _ . : , + - are accepted");
}

} // namespace flange::sweep
