// Plans and coupons, admins only: each plan's row edits in place (PUT /api/admin/plans/:id), a new plan
// and a new coupon are one form each. The server checks every value (worker/features/payments/*-routes.ts).
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { api, errorText, unwrap } from "../api";
import { TextField } from "../components/Field";
import { formatClp, formatDate } from "../components/format";
import { Spinner } from "../components/Spinner";
import { TEXT } from "../text";

type Plan = Awaited<ReturnType<typeof loadPlans>>[number];
type Coupon = Awaited<ReturnType<typeof loadCoupons>>[number];
const loadPlans = async () => (await unwrap(api.admin.plans.$get())).plans;
const loadCoupons = async () => (await unwrap(api.admin.coupons.$get())).coupons;

const planJson = (p: Plan) => ({
  name: p.name,
  amount_clp: p.amount_clp,
  period_days: p.period_days,
  trial_days: p.trial_days,
  active: p.active,
});

function PlanRow({ plan, onSaved }: { plan: Plan; onSaved: (plans: Plan[]) => void }) {
  const [draft, setDraft] = useState(plan);
  const [note, setNote] = useState<string | null>(null);
  const save = async () => {
    try {
      onSaved((await unwrap(api.admin.plans[":id"].$put({ param: { id: plan.id }, json: planJson(draft) }))).plans);
      setNote(TEXT.plansAdmin.saved);
    } catch (err) {
      setNote(errorText(err, TEXT.common.writeFailed));
    }
  };
  const c = TEXT.plansAdmin.columns;
  /** One of the plan's whole-number fields, edited in place. */
  const numberCell = (field: "amount_clp" | "period_days" | "trial_days", label: string) => (
    <td>
      <input
        className="input"
        type="number"
        aria-label={`${label} ${plan.id}`}
        value={draft[field]}
        onChange={(e) => setDraft({ ...draft, [field]: e.target.value === "" ? 0 : Number(e.target.value) })}
      />
    </td>
  );
  return (
    <tr>
      <td>{plan.id}</td>
      <td>
        <input
          className="input"
          aria-label={`${c.name} ${plan.id}`}
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
      </td>
      {numberCell("amount_clp", c.amount)}
      {numberCell("period_days", c.period)}
      {numberCell("trial_days", c.trial)}
      <td>
        <input
          type="checkbox"
          aria-label={`${c.active} ${plan.id}`}
          checked={draft.active}
          onChange={(e) => setDraft({ ...draft, active: e.target.checked })}
        />
      </td>
      <td>
        <button type="button" className="btn btn-sm" onClick={() => void save()}>
          {TEXT.plansAdmin.save(plan.id)}
        </button>
        {note && (
          <span role="status" className="muted">
            {" "}
            {note}
          </span>
        )}
      </td>
    </tr>
  );
}

export function PlansTab() {
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [coupons, setCoupons] = useState<Coupon[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [percent, setPercent] = useState("");
  const [amount, setAmount] = useState("");
  const [periods, setPeriods] = useState("");
  const [couponError, setCouponError] = useState<string | null>(null);
  const load = useCallback(() => {
    Promise.all([loadPlans(), loadCoupons()]).then(
      ([p, c]) => {
        setPlans(p);
        setCoupons(c);
      },
      (err) => setError(errorText(err, TEXT.plansAdmin.loadFailed)),
    );
  }, []);
  useEffect(load, [load]);
  const addCoupon = async (event: FormEvent) => {
    event.preventDefault();
    setCouponError(null);
    const json: { code: string; percent_off?: number; amount_off_clp?: number; periods?: number } = { code };
    if (percent) json.percent_off = Number(percent);
    if (amount) json.amount_off_clp = Number(amount);
    if (periods) json.periods = Number(periods);
    try {
      setCoupons((await unwrap(api.admin.coupons.$post({ json }))).coupons);
      setCode("");
      setPercent("");
      setAmount("");
      setPeriods("");
    } catch (err) {
      setCouponError(errorText(err, TEXT.common.writeFailed));
    }
  };
  if (error)
    return (
      <p className="alert alert-error" role="alert">
        {error}
      </p>
    );
  if (!plans) return <Spinner label={TEXT.common.loading} />;
  const c = TEXT.plansAdmin.columns;
  const k = TEXT.plansAdmin.couponColumns;
  return (
    <div className="stack">
      <h2 className="admin-section-title">{TEXT.plansAdmin.title}</h2>
      <p className="muted">{TEXT.plansAdmin.intro}</p>
      {/* biome-ignore lint/a11y: focusable so the keyboard can scroll it (axe: scrollable-region-focusable). */}
      <div className="table-wrap card card-tight" tabIndex={0} role="region" aria-label={TEXT.plansAdmin.title}>
        <table className="admin-table">
          <thead>
            <tr>
              {[c.id, c.name, c.amount, c.period, c.trial, c.active, ""].map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {plans.map((p) => (
              <PlanRow key={`${p.id}-${p.amount_clp}-${p.active}`} plan={p} onSaved={setPlans} />
            ))}
          </tbody>
        </table>
      </div>

      <h2 className="admin-section-title">{TEXT.plansAdmin.couponsTitle}</h2>
      <p className="muted">{TEXT.plansAdmin.couponsIntro}</p>
      <form className="stack card" onSubmit={(e) => void addCoupon(e)}>
        <TextField label={k.code} value={code} maxLength={30} required onChange={(e) => setCode(e.target.value)} />
        <TextField
          label={TEXT.plansAdmin.percentOff}
          type="number"
          min={1}
          max={100}
          value={percent}
          onChange={(e) => setPercent(e.target.value)}
        />
        <TextField
          label={TEXT.plansAdmin.amountOff}
          type="number"
          min={1}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <TextField
          label={k.periods}
          type="number"
          min={1}
          value={periods}
          onChange={(e) => setPeriods(e.target.value)}
          error={couponError}
        />
        <button type="submit" className="btn btn-primary">
          {TEXT.plansAdmin.addCoupon}
        </button>
      </form>
      {/* biome-ignore lint/a11y: focusable so the keyboard can scroll it (axe: scrollable-region-focusable). */}
      <div className="table-wrap card card-tight" tabIndex={0} role="region" aria-label={TEXT.plansAdmin.couponsTitle}>
        <table className="admin-table" data-testid="coupons">
          <thead>
            <tr>
              {[k.code, k.off, k.periods, k.plans, k.expires, k.used, k.reason].map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {coupons.map((x) => (
              <tr key={x.code}>
                <td>{x.code}</td>
                <td>{x.percent_off !== null ? `${x.percent_off}%` : formatClp(x.amount_off_clp ?? 0)}</td>
                <td>{x.periods ?? TEXT.plansAdmin.allPayments}</td>
                <td>{x.plan_ids?.join(", ") ?? TEXT.plansAdmin.allPlans}</td>
                <td>{x.expires_at ? formatDate(x.expires_at) : ""}</td>
                <td>{x.max_redemptions ? `${x.redemptions} / ${x.max_redemptions}` : x.redemptions}</td>
                <td>{x.reason ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
