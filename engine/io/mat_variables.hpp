#pragma once
// What a model's results put in a .mat file (mat_writer.hpp): each signal of a run with
// its description, sharing the column of the earlier signal it always equals or negates
// (the model's aliases, Model::columnsSharedWithSign), constants in data_1, and the
// numeric parameters of the diagram and its components in data_1 after them, as Dymola
// stores them, so a tool that reads the file finds `inertia1.J` beside `inertia1.w`.
#include "engine/api/model.hpp"
#include "engine/io/mat_writer.hpp"

#include <string>
#include <vector>

namespace flange::io {

// columns: the run's columns, in order (empty: every variable of the model).
std::vector<MatVariable> matVariables(const Model& model, const std::vector<std::string>& columns = {});

} // namespace flange::io
