#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace roofscope {

// `roofscope map ... --x NAME=FROM:TO --y NAME=FROM:TO [--steps N] [--chips N]
// [--json | --format csv] [-o OUT.png|OUT.svg] [--shade t_min|attainable]` (docs/cli.md#map): a regime map
// over two parameters. Throws CliError for bad input.
int mapCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace roofscope
