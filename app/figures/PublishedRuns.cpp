#include "figures/PublishedRuns.h"

#include "io/ServingRunsYaml.h"
#include "session/AppPaths.h"

namespace roofscope {

const ShippedPublishedRuns& shippedPublishedRuns()
{
    static const ShippedPublishedRuns shipped = [] {
        ShippedPublishedRuns out;
        PublishedRunsResult db = loadPublishedRuns(shippedPublishedRunsDir());
        out.error = firstError(db.diagnostics);
        for (PublishedSource& source : db.sources) {
            for (ServingRun& run : source.runs) {
                out.runs.push_back(std::move(run));
            }
        }
        return out;
    }();
    return shipped;
}

} // namespace roofscope
