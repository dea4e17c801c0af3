// /jobs : the job list, filtered by the URL query.
import { AlertSignup } from "../components/AlertSignup";
import { JobList } from "../components/JobList";
import { useDocumentTitle } from "../useDocumentTitle";

export function Jobs() {
  useDocumentTitle("Find Jobs | Startup Jobs");
  return (
    <div className="container page">
      <JobList headingLevel={1} />
      <AlertSignup />
    </div>
  );
}
