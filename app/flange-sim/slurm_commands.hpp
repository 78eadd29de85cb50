#pragma once
// flange-sim's commands for sweeps on a Slurm cluster (docs/sweeps.md, "On a cluster"):
// `sweep --slurm` writes and submits the array job; sweep-chunk (what each array task
// runs), sweep-status, sweep-collect and sweep-resume work on its folder. The folder's
// logic is the engine's (engine/api/slurm_sweep.hpp); this file runs sbatch, squeue and
// scontrol. Each returns the exit status and throws flange::Error for bad input.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"
#include "engine/api/slurm_sweep.hpp"

#include <QStringList>

// The end of `flange-sim sweep ... --slurm`: setup holds the model's path, the --library
// folders, the simulation and Slurm options (the rest is filled in here).
int submitSlurmSweep(const flange::sweep::SweepDefinition& definition, flange::diagram::Diagram model,
                     const flange::library::Library& lib, flange::sweep::SlurmSetup setup, const QString& dir,
                     bool dryRun);

// sweep-chunk, sweep-status, sweep-collect, sweep-resume (args[1] names which).
int runSlurmCommand(const QStringList& args);
