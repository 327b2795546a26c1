import { isRouteErrorResponse, useRevalidator, useRouteError } from "react-router";
import { errorText } from "../api";
import { TEXT } from "../text";
import { ErrorState } from "./States";

/** The router's error element: what failed to load, and a retry that runs the loaders again. */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const text = isRouteErrorResponse(error)
    ? error.statusText || TEXT.common.loadFailed
    : errorText(error, TEXT.common.loadFailed);
  return (
    <div className="page">
      <ErrorState text={text} busy={revalidator.state === "loading"} onRetry={() => void revalidator.revalidate()} />
    </div>
  );
}
