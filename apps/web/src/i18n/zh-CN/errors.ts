/** Server error codes in words; codes not listed show the server's own message. */
export default {
  network: '无法连接服务器，请检查网络后重试',
  unexpected: '发生未知错误',
  tooManyAttemptsWait: '尝试次数过多，请在 {{seconds}} 秒后重试',
  code: {
    validation_failed: '提交的内容有误，请检查后重试',
    unauthenticated: '登录已失效，请重新登录',
    forbidden: '没有执行此操作的权限',
    tenant_forbidden: '没有访问该区域的权限',
    not_found: '内容不存在或已被删除',
    conflict: '该记录已存在',
    invalid_credentials: '用户名或密码错误',
    account_disabled: '账号已停用，请联系管理员',
    too_many_attempts: '尝试次数过多，请稍后重试',
    password_change_required: '请先修改密码',
    wrong_password: '当前密码不正确',
    cross_origin_request: '请求来源不被允许',
    payload_too_large: '文件过大',
    unsupported_file_type: '不支持的文件类型',
    internal_error: '服务器出错了，请稍后重试',
    http_error: '服务器暂时无法响应，请稍后重试',
  },
} as const;
