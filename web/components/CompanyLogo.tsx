// The company's logo, or up to two initials in a circle when there is none or it fails to load.
import { useState } from "react";
import { companyInitials } from "@rules/text";
import { useI18n } from "../i18n";

interface Props {
  logo: string;
  company: string;
  size?: number;
  /** Lists load logos as they scroll into view; a single job's page loads its logo at once. */
  lazy?: boolean;
  /** A class for where the logo sits (the company page's hero backs initials in white). */
  className?: string;
  /** The place's stylesheet gives the size (the company page's hero, whose logo follows the width): no inline size. */
  sizedByCss?: boolean;
}

export function CompanyLogo({ logo, company, size = 48, lazy = true, className, sizedByCss = false }: Props) {
  const { t } = useI18n();
  const [broken, setBroken] = useState(false);
  const place = className ? ` ${className}` : "";
  const style = sizedByCss ? undefined : { width: size, height: size };
  const alt = t("public.logoAlt", { company });
  if (logo && !broken) {
    return <img className={`company-logo${place}`} src={logo} alt={alt} style={style} width={size} height={size} loading={lazy ? "lazy" : "eager"} onError={() => setBroken(true)} />;
  }
  return (
    <span className={`company-logo company-initials${place}`} style={style && { ...style, fontSize: size * 0.36 }} role="img" aria-label={alt}>
      {companyInitials(company)}
    </span>
  );
}
