// / : the hero search, then the job list.
import { HeroSearch } from "../components/HeroSearch";
import { JobList } from "../components/JobList";
import { useDocumentTitle } from "../useDocumentTitle";

export function Home() {
  useDocumentTitle("");
  return (
    <>
      <HeroSearch />
      <div className="container page">
        <JobList headingLevel={2} />
      </div>
    </>
  );
}
