// Every route of the app. Screens live in screens/, one file each.
import { Route, Routes } from "react-router";
import { Layout } from "./components/Layout";
import { ComingSoon } from "./screens/ComingSoon";
import { Home } from "./screens/Home";
import { JobDetail } from "./screens/JobDetail";
import { Jobs } from "./screens/Jobs";
import { NotFound } from "./screens/NotFound";

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        <Route path="jobs" element={<Jobs />} />
        <Route path="jobs/:id" element={<JobDetail />} />
        {/* TODO: placeholders until their issues land, so header links don't hit the 404 page. */}
        <Route path="contact" element={<ComingSoon title="Contact" />} />
        <Route path="post" element={<ComingSoon title="Post a Job" />} />
        <Route path="sign-in" element={<ComingSoon title="Sign In" />} />
        <Route path="dashboard/*" element={<ComingSoon title="Dashboard" />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
