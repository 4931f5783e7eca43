// test_cli_query.cpp: `polypath query MAP --queries F`, run as a separate process: plain
// query files (comments, blank lines, a header), Euclidean optima that match or not, a
// Moving AI scenario's octile optimum as an upper bound, the same lines on 1 and 2
// threads, and bad input ("FILE:LINE: ...", exit 2).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "support/loaded_map.hpp"
#include "support/run_cli.hpp"
#include "support/temp_dir.hpp"

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using polypath::test::linesOf;
using polypath::test::RunResult;
using polypath::test::runCli;

namespace {

const std::string kSeed = polypath::test::shippedMap("seed-demo.json").string();
/// The seed demo's shortest length from (15, 6) to (18, 22) (kSeedLength of the editor tests).
constexpr double kSeedLength = 34.861884652980;

/// The JSON lines of a run.
std::vector<nlohmann::json> jsonLines(const RunResult& r) {
  std::vector<nlohmann::json> out;
  for (const std::string& line : linesOf(r.out)) out.push_back(nlohmann::json::parse(line));
  return out;
}

}  // namespace

TEST_CASE("cli query: a plain query file answers each line, refused ones with their reason, on 1 and 2 threads",
          "[cli][query]") {
  polypath::test::TempDir dir("cli-query");
  const std::string file = dir.write("q.txt", "# seed demo queries\n15 6 18 22\n\n-50 -50\t18 22\n18 22 15 6\n");
  const RunResult two = runCli({"query", kSeed, "--queries", file, "--threads", "2", "--json"});
  REQUIRE(two.exit_code == 0);
  CHECK(two.err.empty());
  const std::vector<nlohmann::json> lines = jsonLines(two);
  REQUIRE(lines.size() == 4);
  for (int i = 0; i < 3; ++i) CHECK(lines[i]["index"] == i);
  CHECK(lines[0]["found"] == true);
  CHECK(std::abs(lines[0]["length"].get<double>() - kSeedLength) <= 1e-9);
  CHECK(lines[0]["expanded"].get<int>() > 0);
  CHECK(lines[1]["found"] == false);
  CHECK(lines[1]["length"] == 0.0);
  CHECK_THAT(lines[1]["error"].get<std::string>(), StartsWith("start (-50, -50)"));
  CHECK(std::abs(lines[2]["length"].get<double>() - kSeedLength) <= 1e-9);
  const nlohmann::json& s = lines[3];
  CHECK(s["queries"] == 3);
  CHECK(s["found"] == 2);
  CHECK(s["refused"] == 1);
  CHECK(s["threads"] == 2);
  CHECK(s["method"] == "visibility");
  CHECK(s["optimum"] == "none");
  CHECK(s.contains("seconds"));
  CHECK(s.contains("queries_per_second"));
  CHECK_FALSE(s.contains("compared"));

  // One thread: the same query lines, to the bit.
  const RunResult one = runCli({"query", kSeed, "--queries", file, "--json"});
  REQUIRE(one.exit_code == 0);
  CHECK(linesOf(one.out).size() == 4);
  for (std::size_t i = 0; i < 3; ++i) CHECK(linesOf(one.out)[i] == linesOf(two.out)[i]);

  // Readable lines and the summary.
  const RunResult human = runCli({"query", kSeed, "--queries", file, "--method", "navmesh"});
  REQUIRE(human.exit_code == 0);
  CHECK_THAT(human.out, Contains("query 0: length 34.861884653, expanded ") &&
                            Contains("query 1: refused: start (-50") && Contains("queries    3, 2 found, 1 refused") &&
                            Contains("method     polyanya (") && Contains("queries per second"));
}

TEST_CASE("cli query: a fifth column is a Euclidean optimum that must match, a .scen's octile optimum bounds the length",
          "[cli][query]") {
  polypath::test::TempDir dir("cli-query-optima");
  // 34.8619 printed with 4 decimals matches within half a unit of its last digit; 30 does not.
  const std::string tsv = dir.write("q.tsv", "sx\tsy\tgx\tgy\tlength\n15 6 18 22 34.8619\n18 22 15 6 30\n");
  const std::vector<nlohmann::json> e = jsonLines(runCli({"query", kSeed, "--queries", tsv, "--json"}));
  REQUIRE(e.size() == 3);
  CHECK(e[2]["optimum"] == "euclidean");
  CHECK(e[2]["compared"] == 2);
  CHECK(e[2]["matched"] == 1);
  CHECK_THAT(runCli({"query", kSeed, "--queries", tsv}).out, Contains("optimum    1 of 2 match the Euclidean optimum"));

  // The scenario `polypath convert seed-demo.json seed.map` writes: cells (15, 6) and (18, 22)
  // and the octile optimum between their centres.
  const std::string scen = dir.write("seed.map.scen", "version 1\n0\tseed.map\t24\t24\t15\t6\t18\t22\t40.31370850\n");
  const std::vector<nlohmann::json> c = jsonLines(runCli({"query", kSeed, "--queries", scen, "--json"}));
  REQUIRE(c.size() == 2);
  CHECK(c[0]["found"] == true);
  CHECK(c[0]["length"].get<double>() < 40.31370850);  // any-angle: shorter than the octile optimum
  CHECK(c[1]["optimum"] == "octile");
  CHECK(c[1]["compared"] == 1);
  CHECK(c[1]["not_longer"] == 1);
  // Polyanya's convention: the cell's corner (15, 6) itself, the seed demo's start.
  const std::vector<nlohmann::json> k =
      jsonLines(runCli({"query", kSeed, "--queries", scen, "--scen-points", "corner", "--json"}));
  REQUIRE(k.size() == 2);
  CHECK(std::abs(k[0]["length"].get<double>() - kSeedLength) <= 1e-9);
  CHECK_THAT(runCli({"query", kSeed, "--queries", scen}).out,
             Contains("optimum    1 of 1 are not longer than the octile optimum"));
}

TEST_CASE("cli query: bad input exits 2 naming the file and line", "[cli][query]") {
  polypath::test::TempDir dir("cli-query-bad");
  const std::string three = dir.write("three.txt", "15 6 18 22\n1 2 3\n");
  RunResult r = runCli({"query", kSeed, "--queries", three});
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK(r.err == "polypath: " + three + ":2: a query line is 'sx sy gx gy' or 'sx sy gx gy length', got 3 fields\n");
  const std::string word = dir.write("word.txt", "15 6 x 22\n");
  r = runCli({"query", kSeed, "--queries", word});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "polypath: " + word + ":1: field 3 is not a finite number: 'x'\n");
  const std::string mixed = dir.write("mixed.txt", "15 6 18 22\n15 6 18 22 34.86\n");
  r = runCli({"query", kSeed, "--queries", mixed});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Contains(mixed + ":2: every query line has 4 fields (as the first), got 5"));
  const std::string scen = dir.write("bad.scen", "version 1\n0\tseed.map\t24\t24\t15\n");
  r = runCli({"query", kSeed, "--queries", scen});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Contains(scen + ":2:"));
  r = runCli({"query", kSeed, "--queries", (dir.path / "missing.txt").string()});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "polypath: " + (dir.path / "missing.txt").string() + ": cannot read it\n");
  r = runCli({"query", kSeed});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Contains("query needs --queries F"));
  r = runCli({"query", kSeed, "--queries", three, "--method", "nope"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Contains("--method expects navmesh or a registered method"));
  r = runCli({"query", kSeed, "--queries", three, "--threads", "0"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Contains("--threads expects a whole number from 1 to 256, got '0'"));
}
