import { defineMessages } from "../../i18n/define";

export const adminMessages = defineMessages({
  en: { operator_login_failed: "Email or password is incorrect", user_not_found: "User {id} does not exist" },
  "zh-Hans": { operator_login_failed: "邮箱或密码不正确", user_not_found: "用户 {id} 不存在" },
  "zh-Hant": { operator_login_failed: "電子郵件或密碼不正確", user_not_found: "使用者 {id} 不存在" },
  ja: {
    operator_login_failed: "メールアドレスまたはパスワードが正しくありません",
    user_not_found: "ユーザー {id} は存在しません",
  },
  ko: {
    operator_login_failed: "이메일 또는 비밀번호가 올바르지 않습니다",
    user_not_found: "사용자 {id}이(가) 존재하지 않습니다",
  },
  th: { operator_login_failed: "อีเมลหรือรหัสผ่านไม่ถูกต้อง", user_not_found: "ไม่พบผู้ใช้ {id}" },
  vi: { operator_login_failed: "Email hoặc mật khẩu không đúng", user_not_found: "Người dùng {id} không tồn tại" },
  fr: { operator_login_failed: "E-mail ou mot de passe incorrect", user_not_found: "L'utilisateur {id} n'existe pas" },
  es: { operator_login_failed: "Correo o contraseña incorrectos", user_not_found: "El usuario {id} no existe" },
  it: { operator_login_failed: "Email o password non corrette", user_not_found: "L'utente {id} non esiste" },
  de: { operator_login_failed: "E-Mail oder Passwort ist falsch", user_not_found: "Benutzer {id} existiert nicht" },
  pt: { operator_login_failed: "E-mail ou senha incorretos", user_not_found: "O usuário {id} não existe" },
  fi: { operator_login_failed: "Sähköposti tai salasana on väärin", user_not_found: "Käyttäjää {id} ei ole" },
  ru: {
    operator_login_failed: "Неверный адрес эл. почты или пароль",
    user_not_found: "Пользователь {id} не существует",
  },
});
